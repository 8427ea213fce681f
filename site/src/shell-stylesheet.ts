/**
 * The shell's stylesheet (decision 029). A first visit gets it inside the page, so the first
 * paint waits for no request of its own, and asks for the file after the page, at the lowest
 * priority, into its cache; the page's answer sets a cookie naming that file. A page asked for with the
 * cookie links the file instead: the browser has it (it is immutable), and the page is ~4.5 KiB
 * lighter on every return visit. A new shell build has a new file name, so the cookie no longer
 * matches and the next page inlines the new styles.
 */
import { join } from 'node:path';
import { readCookie } from './cookies.js';
import { readImmutableText } from './file-cache.js';

export const STYLESHEET_COOKIE = 'shell-css';

/** The shell's one render-blocking stylesheet in its index.html, as the build writes it. */
const STYLESHEET_LINK =
  /<link\b(?=[^>]*\brel="stylesheet")[^>]*\bhref="(\/static\/css\/([\w.-]+\.css))"[^>]*>/;

export interface InlinedStylesheet {
  /** The page with the stylesheet's text in place of its link, and the file asked for after. */
  html: string;
  /** The stylesheet's text (its hash goes into the page's Content-Security-Policy). */
  css: string;
  /** The `Set-Cookie` value that says the browser has been sent the file. */
  cookie: string;
}

/**
 * The page with the shell's stylesheet inline, unless the request's cookie says the browser has
 * the file (or the template links none, or the file cannot be read: the link then stays).
 */
export async function inlineShellStylesheet(
  page: string,
  shellDir: string,
  cookieHeader: string | undefined,
): Promise<InlinedStylesheet | undefined> {
  const link = STYLESHEET_LINK.exec(page);
  if (!link) return undefined;
  const [tag, href = '', file = ''] = link;
  if (readCookie(cookieHeader, STYLESHEET_COOKIE) === file) return undefined;
  const css = await readImmutableText(join(shellDir, href));
  if (css === undefined || css.includes('</style')) return undefined;
  const inlined = page.replace(tag, () => `<style>${css}</style>`);
  const body = inlined.lastIndexOf('</body>');
  const prefetch = `<link rel="prefetch" href="${href}">`;
  return {
    html: body === -1 ? inlined + prefetch : inlined.slice(0, body) + prefetch + inlined.slice(body),
    css,
    cookie: `${STYLESHEET_COOKIE}=${file}; Path=/; Max-Age=31536000; SameSite=Lax`,
  };
}
