/**
 * Each part of the product ships its own strings as one namespace, split per language so a
 * player downloads only the language they read. `useNamespace` loads the current language's
 * bundle (and the next one on a language switch) and tells when it is ready.
 */

import { useTranslation } from '@mchezo/i18n/react';
import { useEffect, useState } from 'react';
import { i18n } from './instance.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages.ts';

export type Messages = { [key: string]: string | Messages };
export type NamespaceLoaders = Record<Language, () => Promise<{ default: Messages }>>;

const pending = new Map<string, Promise<void>>();
/** Every namespace a part has created on this page, with its loaders. */
const created = new Map<string, NamespaceLoaders>();

/**
 * The language the player chose. Not `resolvedLanguage`: i18next resolves to the first language
 * that already has strings, which is English (the shell's fallback) until the chosen language's
 * bundle is loaded, so it would never be loaded.
 */
export function currentLanguage(): Language {
  const lng = (i18n.language ?? '').toLowerCase().split('-')[0];
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

export function loadNamespace(
  ns: string,
  loaders: NamespaceLoaders,
  lng: Language = currentLanguage(),
): Promise<void> {
  if (i18n.hasResourceBundle(lng, ns)) return Promise.resolve();
  const key = `${lng}:${ns}`;
  let p = pending.get(key);
  if (!p) {
    p = loaders[lng]()
      .then((mod) => {
        i18n.addResourceBundle(lng, ns, mod.default, true, true);
      })
      .finally(() => pending.delete(key));
    pending.set(key, p);
  }
  return p;
}

/**
 * Starts loading `ns` for the current language at once: called when a page's code is evaluated,
 * so its strings are on the way while it renders instead of being asked for after the first
 * commit (on slow 4G, one round trip at the end of the first screen). A failure is left to
 * `useNamespace`, which tries again and falls back to English.
 */
export function preloadNamespace(ns: string, loaders: NamespaceLoaders): void {
  try {
    loadNamespace(ns, loaders).catch(() => {});
  } catch {
    // Only a head start: an i18n instance that cannot load yet leaves it to useNamespace.
  }
}

/**
 * Settles once the strings being loaded now have arrived (or failed): a page painted from the
 * HTML keeps that first screen until its strings are in, instead of a moment of spinner.
 */
export function stringsLoading(): Promise<void> {
  return Promise.allSettled([...pending.values()]).then(() => undefined);
}

/** The chosen language, for Intl formatting; re-renders on a language switch. */
export function useLanguage(): Language {
  const [lng, setLng] = useState(currentLanguage);
  useEffect(() => {
    const update = () => setLng(currentLanguage());
    i18n.on('languageChanged', update);
    return () => i18n.off('languageChanged', update);
  }, []);
  return lng;
}

/** True once `ns` is loaded for the current language; re-renders on a language switch. */
export function useNamespace(ns: string, loaders: NamespaceLoaders): boolean {
  const [ready, setReady] = useState(() => i18n.hasResourceBundle(currentLanguage(), ns));
  // Bumped when a bundle arrives, so the page re-renders in the new language (react-i18next
  // re-renders on a language change, not when a bundle is added later).
  const [, setLoaded] = useState(0);
  useEffect(() => {
    let alive = true;
    const load = () => {
      const lng = currentLanguage();
      if (i18n.hasResourceBundle(lng, ns)) {
        setReady(true);
        return;
      }
      // Meanwhile the strings already shown stay (English is the fallback): no spinner flash.
      const done = () => {
        if (!alive) return;
        setReady(true);
        setLoaded((n) => n + 1);
      };
      loadNamespace(ns, loaders, lng).then(done, () =>
        loadNamespace(ns, loaders, DEFAULT_LANGUAGE).then(done),
      );
    };
    load();
    i18n.on('languageChanged', load);
    return () => {
      alive = false;
      i18n.off('languageChanged', load);
    };
  }, [ns, loaders]);
  return ready;
}

/**
 * A part's namespace in one call: its strings start loading at once (call it at module level,
 * in a file the exposed pages import, so they are on the way while the page's code runs), and
 * the hook it returns gives `t` for the namespace, `ready` once the current language's strings
 * are there, and `locale`, the chosen language for Intl formatting.
 */
export function createNamespace(ns: string, loaders: NamespaceLoaders) {
  created.set(ns, loaders);
  preloadNamespace(ns, loaders);
  return function useNamespaceTranslation() {
    const ready = useNamespace(ns, loaders);
    const locale = useLanguage();
    const { t, i18n } = useTranslation(ns);
    return { t, i18n, ready, locale };
  };
}

/**
 * Loads every namespace created so far in `lng`: the build, which renders a page's first screen
 * in each language before any player asks for it (decision 039), needs the strings in at once.
 */
export function loadCreatedNamespaces(lng: Language): Promise<void> {
  return Promise.all([...created].map(([ns, loaders]) => loadNamespace(ns, loaders, lng))).then(
    () => undefined,
  );
}
