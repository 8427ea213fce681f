import { type NamespaceLoaders, preloadNamespace, useNamespace } from '@mchezo/i18n/namespace';
import { useTranslation } from '@mchezo/i18n/react';

export const AUTH_NS = 'auth';

const loaders: NamespaceLoaders = {
  en: () => import('./locales/en.json'),
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
  sw: () => import('./locales/sw.json'),
};

// Imported by the exposed pages: the strings start loading with the page's code.
preloadNamespace(AUTH_NS, loaders);

/** The auth screens' strings, loaded for the current language only. */
export function useAuthTranslation() {
  const ready = useNamespace(AUTH_NS, loaders);
  const { t, i18n } = useTranslation(AUTH_NS);
  return { t, i18n, ready };
}
