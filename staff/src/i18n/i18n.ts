/**
 * The staff site's own i18next instance, English and Kiswahili only. Each area has its own
 * namespace, one JSON file per language: `locales/<lng>/<area>.json` (so two engineers never edit
 * the same file). A namespace is loaded on first use (`useTranslation('<area>')`, with Suspense):
 * adding a file is all it takes.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const STAFF_LANGUAGES = ['en', 'sw'] as const;
export type StaffLanguage = (typeof STAFF_LANGUAGES)[number];
/** Where the chosen language is kept (this browser only). */
export const STAFF_LANGUAGE_KEY = 'staff.language';

export function isStaffLanguage(value: unknown): value is StaffLanguage {
  return typeof value === 'string' && (STAFF_LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice, else the browser's language when it is Kiswahili, else English. */
export function initialLanguage(): StaffLanguage {
  try {
    const stored = localStorage.getItem(STAFF_LANGUAGE_KEY);
    if (isStaffLanguage(stored)) return stored;
  } catch {
    // Storage refused (private mode): the browser's language decides.
  }
  const browser = (globalThis.navigator?.language ?? 'en').toLowerCase().split('-')[0];
  return isStaffLanguage(browser) ? browser : 'en';
}

export const i18n: I18n = i18next.createInstance();

let started: Promise<unknown> | null = null;

export function startI18n(lng: StaffLanguage = initialLanguage()): Promise<unknown> {
  started ??= i18n
    .use(initReactI18next)
    .use({
      type: 'backend',
      read(language: string, ns: string, done: (err: unknown, data?: unknown) => void) {
        import(`./locales/${language}/${ns}.json`).then(
          (mod: { default: unknown }) => done(null, mod.default),
          (err: unknown) => done(err),
        );
      },
    })
    .init({
      lng,
      supportedLngs: [...STAFF_LANGUAGES],
      fallbackLng: 'en',
      load: 'languageOnly',
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    })
    .then(() => {
      document.documentElement.lang = i18n.language;
      i18n.on('languageChanged', (language) => {
        document.documentElement.lang = language;
        try {
          localStorage.setItem(STAFF_LANGUAGE_KEY, language);
        } catch {
          // Not kept: the next visit starts in the browser's language.
        }
      });
    });
  return started;
}
