/**
 * axe (WCAG 2.1 A and AA rules) finds nothing on every screen a player lands on, signed out and
 * in, also with a toast showing and with the help panel open. One test per screen: each is one
 * page's work under its own time-out.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { sitePages, sitePaths, withItsFeature } from '../support/routes.ts';
import { playerForAll, signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

// axe reads contrast from the colours as painted: an element caught mid fade-in (the lobby's
// winners and ticker, `.lobby-fade-in`) is measured half transparent and fails at random. With
// reduced motion the site draws no fade, so axe sees the colours every player ends up seeing.
test.use({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });

/** The violations axe finds on the page as it is now: rule, and the elements it names. */
async function violations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations.map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('main')).toBeVisible();
}

/** The shell's own pages (not the route table's: no remote serves them). */
const SHELL_PAGES = ['/terms', '/privacy', '/responsible-gaming'];

test.describe('guest screens', () => {
  for (const path of [
    ...sitePaths((route) => route.access === 'public' || route.access === 'guest'),
    ...SHELL_PAGES,
  ])
    test(path, async ({ page }) => {
      await open(page, path);
      expect({ path, violations: await violations(page) }).toEqual({ path, violations: [] });
    });

  test('/ with the help panel', async ({ page }) => {
    await open(page, '/');
    await page.getByRole('button', { name: 'Help: contact customer care' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect({ path: '/ with the help panel', violations: await violations(page) }).toEqual({
      path: '/ with the help panel',
      violations: [],
    });
  });
});

test.describe("a player's screens, and a toast", () => {
  const player = playerForAll();
  for (const screen of sitePages((route) => route.access === 'protected')) {
    const { path } = screen;
    test(path, async ({ page }) => {
      await signIn(page, player());
      await withItsFeature(page, screen);
      await open(page, path);
      expect({ path, violations: await violations(page) }).toEqual({ path, violations: [] });
    });
  }

  test('a toast', async ({ page }) => {
    await signIn(page, player());
    // A toast on screen: depositing nothing says 'Amount Required'.
    await open(page, '/deposit');
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await expect(page.getByText('Please enter a deposit amount')).toBeVisible();
    expect({ path: 'toast', violations: await violations(page) }).toEqual({ path: 'toast', violations: [] });
  });
});
