import { i18n } from '@mchezo/i18n/instance';
import type { NamespaceLoaders } from '@mchezo/i18n/namespace';
import en from './locales/en.json';

export const SHELL_NS = 'shell';

/** English ships inside the shell (it is also the fallback); other languages load on demand. */
export const shellLoaders: NamespaceLoaders = {
  en: async () => ({ default: en }),
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
  sw: () => import('./locales/sw.json'),
};

export function addShellFallbackBundle(): void {
  i18n.addResourceBundle('en', SHELL_NS, en, true, true);
}
