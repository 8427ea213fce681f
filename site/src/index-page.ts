/**
 * The shell's index.html as the site serves it:
 * - before `</head>`, the boot data (`@mchezo/contracts/boot`): the public config, the live
 *   release manifest, the first page's remote manifest and data, so none of them costs a round
 *   trip before the first screen;
 * - a `Link` header preloading the shell's own scripts first, then the first page's remote
 *   files. A header is acted on before the page is parsed (a page carrying the boot data and
 *   the shell's styles takes a while to parse on a slow phone), and its order puts the scripts
 *   everything waits on first on a browser's few HTTP/1.1 connections.
 */
import {
  BOOT_ELEMENT_ID,
  type BootData,
  FIRST_SCREEN_ATTRIBUTE,
  FIRST_SCREEN_SLOT,
} from '@mchezo/contracts/boot';
import type { FirstScreen, Preload } from './first-page.js';

/** JSON that cannot close its `<script>` element, whatever the strings inside say. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The page's own scripts (the shell's entry), in order: `<script src>`, or the `data-src` of the
 * inline starter that runs it after the first paint (shell/src/start-after-paint.js).
 */
export function pageScripts(template: string): string[] {
  return [...template.matchAll(/<script\b[^>]*?\s(?:data-)?src="([^"]+)"/g)].map((m) => m[1] as string);
}

/** A URL as a `Link` header may carry it: no `<`, `>`, `,` or spaces. */
const linkUrl = (href: string) => href.replace(/[<>,\s]/g, (c) => encodeURIComponent(c));

export function linkHeader(template: string, preloads: Preload[]): string {
  return [
    ...pageScripts(template).map((src) => `<${linkUrl(src)}>; rel=preload; as=script; fetchpriority=high`),
    // A fetch() is a CORS request, and remote files load as CORS requests for their integrity
    // check: their preloads must be too, or the browser fetches twice.
    ...preloads.map(({ href, as, integrity }) => {
      const cors = as === 'fetch' || href.startsWith('/remotes/') ? '; crossorigin' : '';
      return `<${linkUrl(href)}>; rel=preload; as=${as}${cors}${integrity ? `; integrity="${integrity}"` : ''}`;
    }),
  ].join(', ');
}

/** Attribute values in the page come from our own names (`lobby/HomePage`); escaped all the same. */
const attribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page: the boot data before `</head>`, and the first page's first screen (the HTML its
 * remote version ships, decision 011) in the shell's `<main>` slot. A first screen with text
 * gives the page its language (`<html lang>`), as the shell does once it runs.
 */
export function composeIndex(template: string, boot: BootData, firstScreen?: FirstScreen): string {
  let page = template;
  if (firstScreen && page.includes(FIRST_SCREEN_SLOT)) {
    const screen = `<div ${FIRST_SCREEN_ATTRIBUTE}="${attribute(firstScreen.page)}">${firstScreen.html}</div>`;
    page = page.replace(FIRST_SCREEN_SLOT, () => screen);
    const { language } = firstScreen;
    if (language) page = page.replace(/<html(\s+lang="[^"]*")?/, () => `<html lang="${attribute(language)}"`);
  }
  if (!Object.keys(boot).length) return page;
  const block = `<script type="application/json" id="${BOOT_ELEMENT_ID}">${inlineJson(boot)}</script>`;
  const head = page.lastIndexOf('</head>');
  return head === -1 ? block + page : page.slice(0, head) + block + page.slice(head);
}
