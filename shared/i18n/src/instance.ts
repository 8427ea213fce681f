/**
 * The page's one i18next instance. `@mchezo/i18n/` is an MF singleton, so the shell and every
 * remote register their namespaces on this same object and react to the same language.
 */
import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES } from './languages.ts';

export const i18n: I18n = i18next.createInstance();

let initialised: Promise<unknown> | null = null;

/** Called once by the shell (and by a remote's standalone page). Safe to call again. */
export function initI18n(): Promise<unknown> {
  initialised ??= i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...LANGUAGES],
      fallbackLng: DEFAULT_LANGUAGE,
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      ns: [],
      defaultNS: false,
      interpolation: { escapeValue: false }, // React escapes already.
      react: { useSuspense: false },
      detection: {
        // Spec §9: stored value, then the browser, then the page's lang attribute.
        order: ['localStorage', 'navigator', 'htmlTag'],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
      },
    });
  return initialised;
}
