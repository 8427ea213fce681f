/**
 * The languages a page request prefers, best first, for the first screen's text (decision 026):
 * the shell's cookie (the player's choice, or what the shell detected on an earlier visit),
 * then the browser's `Accept-Language` by weight, the same list the shell detects from. Only
 * two-letter base codes: each names a file (`<Expose>.<language>.html`), so nothing else gets in.
 */
import { LANGUAGE_COOKIE } from '@mchezo/contracts/boot';
import { readCookie } from './cookies.js';

const CODE = /^[a-z]{2}$/;

function cookieLanguage(header: string | undefined): string | undefined {
  const code = readCookie(header, LANGUAGE_COOKIE)?.toLowerCase();
  return code && CODE.test(code) ? code : undefined;
}

function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((entry, index) => {
      const [range = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return {
        code: range.trim().toLowerCase().split('-')[0] ?? '',
        q: q === undefined ? 1 : Number(q),
        index,
      };
    })
    .filter((l) => CODE.test(l.code) && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.code);
}

/** The shell's language when none of the player's is offered (DEFAULT_LANGUAGE of @mchezo/i18n). */
const DEFAULT_LANGUAGE = 'en';

export function pageLanguages(cookie: string | undefined, acceptLanguage: string | undefined): string[] {
  const chosen = cookieLanguage(cookie);
  return [...new Set([...(chosen ? [chosen] : []), ...acceptedLanguages(acceptLanguage), DEFAULT_LANGUAGE])];
}
