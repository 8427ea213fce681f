/**
 * Each part of the product ships its own strings as one namespace, split per language so a
 * player downloads only the language they read. `useNamespace` loads the current language's
 * bundle (and the next one on a language switch) and tells when it is ready.
 */
import { useEffect, useState } from 'react';
import { i18n } from './instance.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages.ts';

export type Messages = { [key: string]: string | Messages };
export type NamespaceLoaders = Record<Language, () => Promise<{ default: Messages }>>;

const pending = new Map<string, Promise<void>>();

function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
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

/** True once `ns` is loaded for the current language; re-renders on a language switch. */
export function useNamespace(ns: string, loaders: NamespaceLoaders): boolean {
  const [ready, setReady] = useState(() => i18n.hasResourceBundle(currentLanguage(), ns));
  useEffect(() => {
    let alive = true;
    const load = () => {
      const lng = currentLanguage();
      if (i18n.hasResourceBundle(lng, ns)) {
        setReady(true);
        return;
      }
      loadNamespace(ns, loaders, lng).then(
        () => alive && setReady(true),
        // A missing bundle falls back to English rather than showing keys.
        () => loadNamespace(ns, loaders, DEFAULT_LANGUAGE).then(() => alive && setReady(true)),
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
