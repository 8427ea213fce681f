/**
 * The page's one i18next instance. `@mchezo/i18n/` is an MF singleton, so the shell and every
 * remote register their namespaces on this same object and react to the same language.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage, keepLanguageCookie, rememberLanguage } from './detect-language.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages.ts';

export const i18n: I18n = i18next.createInstance();

let initialised: Promise<unknown> | null = null;

/**
 * Starts the instance in `lng` with no strings yet (each part adds its namespace). Also used by
 * the build, which renders first screens in each language (decision 039).
 */
export function startI18n(lng: string): Promise<unknown> {
  return i18n.use(initReactI18next).init({
    lng,
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    load: 'languageOnly',
    ns: [],
    defaultNS: false,
    interpolation: { escapeValue: false }, // React escapes already.
    react: { useSuspense: false },
  });
}

/** Called once by the shell (and by a remote's standalone page). Safe to call again. */
export function initI18n(): Promise<unknown> {
  if (!initialised) {
    const lng = detectLanguage();
    i18n.on('languageChanged', rememberLanguage);
    initialised = startI18n(lng);
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
    // The next page the site serves paints its first screen's text in this language.
    keepLanguageCookie(lng);
  }
  return initialised;
}
