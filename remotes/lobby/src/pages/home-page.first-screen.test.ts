/**
 * The home page's static first screen (decision 011) paints before any script runs and stays
 * until HomePage replaces it: it must show the banner's first promo and the featured games as
 * links. (That it draws the same boxes as HomePage is checked in the browser:
 * e2e/specs/first-screen.spec.ts.)
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gamePath } from '../components/game-grid.tsx';
import { FEATURED_GAMES, PROMO_SIZE, PROMOS } from '../data/static-lobby-content.ts';

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

  it('shows the featured games as they are in the lobby, each a link to its game, and no script', () => {
    const links = [...html.matchAll(/<a href="([^"]+)" aria-label="\{t:featured\.play\|title=([^}]+)\}"/g)];
    expect(links.map((m) => [m[1], m[2]])).toEqual(
      FEATURED_GAMES.map((g) => [gamePath(g.title, g.gameId), g.title]),
    );
    for (const game of FEATURED_GAMES) {
      expect(html).toContain(
        `translate="no" style="font-size:1.125rem;line-height:1.25;font-weight:800">${game.title}</p>`,
      );
      expect(html).toContain(`linear-gradient(135deg,${game.colors[0]},${game.colors[1]})`);
      expect(html).toContain(`{t:featured.players|n=${game.players}}`);
      expect(html).toContain(`{money:${game.prizeCents / 100}|KES}`);
    }
    expect(html).not.toMatch(/<script|\son[a-z]+=/i);
  });
});
