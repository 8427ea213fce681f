/**
 * The home page's first screen, as the build renders it from HomePage (decision 039): it paints
 * before any script runs and stays until HomePage replaces it, so it must show the banner's first
 * promo and the featured games as links. (That the real page takes over on the same boxes is
 * checked in the browser: e2e/specs/first-screen.spec.ts.)
 */
import { formatMoney } from '@mchezo/i18n/money';
import { renderFirstScreen } from '@mchezo/tooling/first-screen-render';
import { describe, expect, it } from 'vitest';
import { gamePath } from '../components/game-grid.tsx';
import { FEATURED_GAMES, PROMO_SIZE, PROMOS } from '../data/static-lobby-content.ts';
import HomePage from './home-page.tsx';

const render = (language: 'en' | 'sw') => renderFirstScreen(HomePage, { url: '/', route: '/', language });
const escaped = (text: string) => text.replace(/&/g, '&amp;');
/** An attribute's value as the browser reads it (React writes `'` as `&#x27;`). */
const unescaped = (value: string) => value.replace(/&#x27;/g, "'").replace(/&amp;/g, '&');

describe("the home page's first screen", () => {
  it("shows the banner's first promo first, at the banner's size, and eager", async () => {
    const html = await render('en');
    const img = html.match(/<img\b[^>]*>/)?.[0] as string;
    expect(unescaped(img.match(/\bsrc="([^"]+)"/)?.[1] ?? '')).toBe(PROMOS[0]?.image);
    expect(PROMOS[0]?.image).toMatch(/^data:image\/svg\+xml/);
    expect(img).toContain(`width="${PROMO_SIZE.width}"`);
    expect(img).toContain(`height="${PROMO_SIZE.height}"`);
    expect(img).toContain('alt=""');
    expect(img).toContain('fetchPriority="high"');
  });

  it('shows the featured games as they are in the lobby, each a link to its game, and no script', async () => {
    const html = await render('sw');
    const links = [...html.matchAll(/<a\b[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    for (const game of FEATURED_GAMES) {
      expect(links).toContain(escaped(gamePath(game.title, game.gameId)));
      expect(html).toContain(`>${game.title}<`);
      expect(html).toContain(escaped(formatMoney(game.prizeCents / 100, 'KES', 'sw')));
    }
    expect(html).not.toMatch(/<script|\son[a-z]+=/i);
  });
});
