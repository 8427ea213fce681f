/** The languages the product ships, complete in every part (docs/product-rules.md#languages). */
export const LANGUAGES = ['en', 'es', 'fr', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Where the player's choice is stored (local storage). */
export const LANGUAGE_STORAGE_KEY = 'language';
/**
 * The cookie that tells the site the page's language, so the text of a first screen painted
 * from the HTML is in it (LANGUAGE_COOKIE of @mchezo/contracts/boot, which the site reads).
 */
export const LANGUAGE_COOKIE = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
