/**
 * Every screen fits a 360 px phone in every language, signed in and out: nothing pushes the page
 * sideways (docs/product-rules.md#layout).
 */
import type { Page } from '@playwright/test';
import { sitePages, sitePaths, withItsFeature } from '../support/routes.ts';
import { playerForAll, signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const LANGUAGES = ['en', 'es', 'fr', 'sw'] as const;
/** The route table's pages a guest may open, and the terms (one of the shell's own pages). */
const GUEST_PATHS = [
  ...sitePaths((route) => route.access === 'public' || route.access === 'guest'),
  '/terms',
];
/** The route table's pages a verified player may open. */
const PLAYER_PAGES = sitePages((route) => route.access === 'public' || route.access === 'protected');

test.use({ viewport: { width: 360, height: 740 } });

/** How far the page is wider than the screen, and which elements stick out. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter(
        (el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).position !== 'fixed',
      )
      // Inside a row that scrolls (or clips) on its own, like the featured games: by design.
      .filter((el) => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
          if (getComputedStyle(p).overflowX !== 'visible') return false;
        return true;
      })
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')}`);
    return { extra: document.documentElement.scrollWidth - width, wide };
  });
}

async function settle(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('main')).toBeVisible();
}

for (const language of LANGUAGES) {
  // One test per screen: each is one page's work under its own time-out.
  test.describe(`no screen scrolls sideways at 360 px in ${language}, signed out and in`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('language', l), language);
    });

    for (const path of GUEST_PATHS)
      test(`signed out: ${path}`, async ({ page }) => {
        await settle(page, path);
        expect({ path, ...(await overflow(page)) }).toEqual({ path, extra: 0, wide: [] });
      });

    test("signed out: every game's name is whole on its card", async ({ page }) => {
      // Every game's name is whole on its card (not cut off with an ellipsis).
      await settle(page, '/');
      await page.getByRole('tab', { name: /^(All|Todos|Tous|Yote)/ }).click();
      const cut = await page
        .locator('[role="tabpanel"] a span')
        .evaluateAll((spans) => spans.filter((s) => s.scrollWidth > s.clientWidth).map((s) => s.textContent));
      expect(cut).toEqual([]);
      await expect(page.locator('[role="tabpanel"] a span').first()).toBeVisible();
    });

    const player = playerForAll();
    for (const screen of PLAYER_PAGES) {
      const { path } = screen;
      test(`signed in: ${path}`, async ({ page }) => {
        await signIn(page, player());
        await withItsFeature(page, screen);
        await settle(page, path);
        expect({ path, ...(await overflow(page)) }).toEqual({ path, extra: 0, wide: [] });
      });
    }
  });
}
