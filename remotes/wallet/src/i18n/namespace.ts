import { createNamespace } from '@mchezo/i18n/namespace';

/**
 * The wallet's strings, one bundle per language, loaded for the chosen language only. Imported by the
 * exposed pages, so the strings start loading with the page's code.
 */
export const useWalletTranslation = createNamespace('wallet', {
  en: () => import(/* webpackChunkName: "strings-en" */ './locales/en.json'),
  es: () => import(/* webpackChunkName: "strings-es" */ './locales/es.json'),
  fr: () => import(/* webpackChunkName: "strings-fr" */ './locales/fr.json'),
  sw: () => import(/* webpackChunkName: "strings-sw" */ './locales/sw.json'),
});
