import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@mchezo/i18n/languages';
import { loadNamespace, type NamespaceLoaders, useNamespace } from '@mchezo/i18n/namespace';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const LOBBY_NS = 'lobby';

const loaders: NamespaceLoaders = {
  en: () => import('./locales/en.json'),
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
  sw: () => import('./locales/sw.json'),
};

const languageOf = (lng: string | undefined): Language => {
  const base = lng?.split('-')[0];
  return isLanguage(base) ? base : DEFAULT_LANGUAGE;
};

/** The lobby's strings, loaded for the current language only. */
export function useLobbyTranslation() {
  const ready = useNamespace(LOBBY_NS, loaders);
  const { t, i18n } = useTranslation(LOBBY_NS);
  // useNamespace follows i18n.resolvedLanguage, which stays on the previous language after a
  // switch until some bundle of the new one exists, and it is already `ready` then: so load
  // the chosen language's bundle here, and render again once it has arrived.
  const lng = languageOf(i18n.language);
  const [, setLoaded] = useState(() => (i18n.hasResourceBundle(lng, LOBBY_NS) ? lng : ''));
  useEffect(() => {
    let alive = true;
    loadNamespace(LOBBY_NS, loaders, lng).then(
      () => alive && setLoaded(lng),
      () => {},
    );
    return () => {
      alive = false;
    };
  }, [lng]);
  return { t, i18n, ready };
}
