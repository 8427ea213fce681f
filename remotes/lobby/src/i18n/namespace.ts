import {
  currentLanguage,
  type NamespaceLoaders,
  preloadNamespace,
  useNamespace,
} from '@mchezo/i18n/namespace';
import { useTranslation } from '@mchezo/i18n/react';

export const LOBBY_NS = 'lobby';

const loaders: NamespaceLoaders = {
  en: () => import('./locales/en.json'),
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
  sw: () => import('./locales/sw.json'),
};

// Imported by the exposed pages: the strings start loading with the page's code.
preloadNamespace(LOBBY_NS, loaders);

/**
 * The lobby's strings, loaded for the current language only, and `lng`, the chosen language
 * for Intl formatting (useTranslation re-renders on a language switch).
 */
export function useLobbyTranslation() {
  const ready = useNamespace(LOBBY_NS, loaders);
  const { t, i18n } = useTranslation(LOBBY_NS);
  return { t, i18n, ready, lng: currentLanguage() };
}
