import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@mchezo/i18n/languages';
import { loadNamespace, type NamespaceLoaders } from '@mchezo/i18n/namespace';
import { useTranslation } from '@mchezo/i18n/react';
import type { i18n as I18n } from 'i18next';
import { useEffect, useState } from 'react';

export const PROFILE_NS = 'profile';

const loaders: NamespaceLoaders = {
  en: () => import('./locales/en.json'),
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
  sw: () => import('./locales/sw.json'),
};

/**
 * The language the player chose (e.g. 'sw' for 'sw-KE'). Not `i18n.resolvedLanguage`: i18next
 * resolves to the first language that already has *some* strings, so right after a switch to
 * Kiswahili (or a start in it) it still says 'en' while the shell's English fallback is the only
 * bundle loaded, and `useNamespace` (which trusts it) would load English for a Kiswahili reader.
 */
function chosenLanguage(i18n: I18n): Language {
  return i18n.languages?.find(isLanguage) ?? (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
}

/**
 * The profile remote's strings, loaded for the chosen language only, and that language as
 * `locale` for dates and amounts. `ready` stays true across a switch (the old strings show until
 * the new ones arrive); a bundle that fails to load falls back to English.
 */
export function useProfileTranslation() {
  const { t, i18n } = useTranslation(PROFILE_NS); // re-renders on a language switch
  const locale = chosenLanguage(i18n);
  const [loaded, setLoaded] = useState<string | null>(() =>
    i18n.hasResourceBundle(locale, PROFILE_NS) ? locale : null,
  );
  useEffect(() => {
    let alive = true;
    const done = () => alive && setLoaded(locale);
    loadNamespace(PROFILE_NS, loaders, locale).then(done, () =>
      loadNamespace(PROFILE_NS, loaders, DEFAULT_LANGUAGE).then(done),
    );
    return () => {
      alive = false;
    };
  }, [locale]);
  const ready = loaded !== null || i18n.hasResourceBundle(locale, PROFILE_NS);
  return { t, i18n, locale, ready };
}
