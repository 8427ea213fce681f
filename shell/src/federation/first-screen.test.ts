import { afterEach, describe, expect, it, vi } from 'vitest';

/** The module reads the page once, when it is evaluated (before React's first commit). */
async function loadWith(body: string) {
  document.body.innerHTML = body;
  vi.resetModules();
  return import('./first-screen.ts');
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('firstScreenFor', () => {
  it("gives the site's first screen to the page it was painted for, and to no other", async () => {
    const { firstScreenFor } = await loadWith(
      '<main id="main"><div data-first-screen="lobby/HomePage"><div style="padding:1rem"><img alt=""></div></div></main>',
    );
    expect(firstScreenFor('lobby', 'HomePage')).toBe('<div style="padding:1rem"><img alt=""></div>');
    expect(firstScreenFor('lobby', 'GamePage')).toBeNull();
    expect(firstScreenFor('auth', 'HomePage')).toBeNull();
  });

  it('keeps what it read after React has replaced the HTML', async () => {
    const { firstScreenFor } = await loadWith('<div data-first-screen="lobby/HomePage"><p>promo</p></div>');
    document.body.innerHTML = '<div id="root"></div>';
    expect(firstScreenFor('lobby', 'HomePage')).toBe('<p>promo</p>');
  });

  it('has nothing for a page served without one (another route, a plain CDN, the dev server)', async () => {
    const { firstScreenFor } = await loadWith('<main id="main"><!--first-screen--></main>');
    expect(firstScreenFor('lobby', 'HomePage')).toBeNull();
  });
});

describe("the first screen's language", () => {
  it('is kept in the cookie the site reads', async () => {
    const { LANGUAGE_COOKIE: siteReads } = await import('@mchezo/contracts/boot');
    const { LANGUAGE_COOKIE: shellWrites } = await import('@mchezo/i18n/languages');
    expect(shellWrites).toBe(siteReads);
  });
});
