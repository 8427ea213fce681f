import { type NamespaceLoaders, preloadNamespace, useLanguage, useNamespace } from '@mchezo/i18n/namespace';
import { useTranslation } from '@mchezo/i18n/react';

export const WALLET_NS = 'wallet';

const loaders: NamespaceLoaders = {
  en: () => import('./locales/en.json'),
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
  sw: () => import('./locales/sw.json'),
};

// Imported by the exposed pages: the strings start loading with the page's code.
preloadNamespace(WALLET_NS, loaders);

/** The wallet's strings, loaded for the current language only, and the locale for amounts and dates. */
export function useWalletTranslation() {
  const ready = useNamespace(WALLET_NS, loaders);
  const locale = useLanguage();
  const { t, i18n } = useTranslation(WALLET_NS);
  return { t, i18n, ready, locale };
}
