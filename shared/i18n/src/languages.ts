/** The languages the product ships, complete in every part (docs/product-rules.md#languages). */
export const LANGUAGES = ['en', 'es', 'fr', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Where the player's choice is stored (local storage). */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
