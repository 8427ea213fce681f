import { createNamespace } from '@mchezo/i18n/namespace';

/**
 * The profile's strings, one bundle per language, loaded for the chosen language only. Imported by the
 * exposed pages, so the strings start loading with the page's code.
 */
export const PROFILE_NS = 'profile';

export const useProfileTranslation = createNamespace(PROFILE_NS, {
  en: () => import('./locales/en.json'),
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
  sw: () => import('./locales/sw.json'),
});
