import { createNamespace } from '@mchezo/i18n/namespace';

/**
 * The auth screens' strings, one bundle per language, loaded for the chosen language only. Imported by the
 * exposed pages, so the strings start loading with the page's code.
 */
export const useAuthTranslation = createNamespace('auth', {
  en: () => import('./locales/en.json'),
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
  sw: () => import('./locales/sw.json'),
});
