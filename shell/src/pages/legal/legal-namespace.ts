import type { Messages, NamespaceLoaders } from '@mchezo/i18n/namespace';

export const LEGAL_NS = 'legal';

/** The sections are arrays, which i18next keeps as they are; `Messages` only knows nested strings. */
const withSections = (bundle: Promise<{ default: unknown }>) => bundle as Promise<{ default: Messages }>;

/**
 * Every language loads on demand, English too: the legal text is long and only the three
 * legal routes need it, so none of it may reach the home route's JavaScript.
 */
export const legalLoaders: NamespaceLoaders = {
  en: () => withSections(import('./locales/en.json')),
  es: () => withSections(import('./locales/es.json')),
  fr: () => withSections(import('./locales/fr.json')),
  sw: () => withSections(import('./locales/sw.json')),
};

export type LegalPageKey = 'terms' | 'privacy' | 'responsible';

/** One h2 section of a legal page, as written in the locale files. */
export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  /** A bullet list, shown after the paragraphs. */
  items?: string[];
  /** A paragraph shown after the list. */
  note?: string;
  /** A lead-in for the support contacts, which are then shown as email and phone links. */
  contact?: string;
  /** The text of a link to the Safer gambling page (docs/product-rules.md#safer-gambling). */
  safer?: string;
}

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((s) => typeof s === 'string');

function isSection(value: unknown): value is LegalSection {
  if (typeof value !== 'object' || value === null) return false;
  const { heading, paragraphs, items, note, contact, safer } = value as Record<string, unknown>;
  return (
    typeof heading === 'string' &&
    (paragraphs === undefined || isStringArray(paragraphs)) &&
    (items === undefined || isStringArray(items)) &&
    (note === undefined || typeof note === 'string') &&
    (contact === undefined || typeof contact === 'string') &&
    (safer === undefined || typeof safer === 'string')
  );
}

/**
 * The sections `t(key, { returnObjects: true })` gave back, keeping only well-formed ones: a
 * missing translation comes back as the key itself (a string), and a page must not crash on it.
 */
export function toSections(value: unknown): LegalSection[] {
  return Array.isArray(value) ? value.filter(isSection) : [];
}
