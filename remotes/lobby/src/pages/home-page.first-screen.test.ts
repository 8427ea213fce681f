/**
 * The home page's static first screen (decision 011) paints before any script runs and stays
 * until HomePage replaces it: it must show the banner's first promo. (That it draws the same boxes
 * as HomePage is checked in the browser: e2e/specs/first-screen.spec.ts.)
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROMO_SIZE, PROMOS } from '../data/static-lobby-content.ts';

const file = resolve(dirname(fileURLToPath(import.meta.url)), 'home-page.first-screen.html');
const html = readFileSync(file, 'utf8');

/** The SVG a data URI carries, whichever encoding the bundler chose (Vite's also swaps quotes). */
function svgOfDataUri(uri: string): string {
  const [head = '', body = ''] = uri.split(',', 2);
  const svg = head.endsWith(';base64')
    ? Buffer.from(body, 'base64').toString('utf8')
    : decodeURIComponent(body);
  return sameQuotes(svg);
}
const sameQuotes = (svg: string) => svg.replace(/'/g, '"').trim();

describe("the home page's first screen", () => {
  it("shows the banner's first promo, at the banner's size", () => {
    const images = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
    expect(images).toHaveLength(1);
    const img = images[0] as string;
    const src = img.match(/\bsrc="([^"]+)"/)?.[1] as string;
    const artwork = readFileSync(resolve(dirname(file), src), 'utf8');
    expect(svgOfDataUri(PROMOS[0]?.image as string)).toBe(sameQuotes(artwork));
    expect(img).toContain(`width="${PROMO_SIZE.width}"`);
    expect(img).toContain(`height="${PROMO_SIZE.height}"`);
    expect(img).toContain('alt=""');
  });

  it('carries no text to translate and no script', () => {
    const text = html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<[^>]+>/g, '')
      .trim();
    expect(text).toBe('');
    expect(html).not.toMatch(/<script|\son[a-z]+=/i);
  });
});
