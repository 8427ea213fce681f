import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  type Language,
} from './languages.ts';

/**
 * The player's language, in this order (docs/product-rules.md#languages): the stored choice, then
 * the browser's languages, then the page's lang attribute; English when none is supported. A few
 * lines instead of a detector library on every player's critical path.
 */
export function detectLanguage(): Language {
  const candidates: (string | null | undefined)[] = [];
  try {
    candidates.push(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    // Storage disabled: fall through to the browser's preference.
  }
  if (typeof navigator !== 'undefined') candidates.push(...(navigator.languages ?? []), navigator.language);
  if (typeof document !== 'undefined') candidates.push(document.documentElement.lang);
  for (const candidate of candidates) {
    const base = candidate?.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * Tells the site the page's language for the next page it serves (a year; the site only reads
 * it to pick a first screen's text). Written only when it changes: no cookie churn per page.
 */
export function keepLanguageCookie(lng: Language): void {
  if (typeof document === 'undefined') return;
  const cookie = `${LANGUAGE_COOKIE}=${lng}`;
  if (document.cookie.split('; ').includes(cookie)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from many phones' browsers; one fixed cookie of our own.
  document.cookie = `${cookie}; path=/; max-age=31536000; samesite=lax`;
}

/** Remembers the player's choice (for the site too) and tells assistive tech the page's language. */
export function rememberLanguage(lng: string): void {
  if (!isLanguage(lng)) return;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Not stored: the choice lasts for this page.
  }
  keepLanguageCookie(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
