/** The site as a browser without scripts sees it: the HTML's own first screen. */

import { type Browser, expect, type Page } from '@playwright/test';
import { FIRST_SCREEN_ATTRIBUTE } from '../../shared/contracts/src/boot.ts';

/** Opens `path` in a fresh context with JavaScript off; `close()` closes that context. */
export async function htmlOnly(
  browser: Browser,
  path: string,
  options: { locale?: string } = {},
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ javaScriptEnabled: false, ...options });
  const page = await context.newPage();
  await page.goto(path);
  return { page, close: () => context.close() };
}

/**
 * Waits until the app has replaced the first screen: nothing is left under `data-first-screen`,
 * which the HTML and then the shell keep on it while the page's remote loads (decision 039). The
 * first screen draws some of the page's own elements (the home's game tabs, inert form fields),
 * so those alone do not say the app is there.
 */
export async function firstScreenReplaced(page: Page): Promise<void> {
  await expect(page.locator(`[${FIRST_SCREEN_ATTRIBUTE}]`)).toHaveCount(0);
}

/**
 * The home page with the lobby itself loaded, not the first screen's copy of its game tabs (in
 * whatever language the page is in). The tabs come first, so the page is there at all.
 */
export async function homeLoaded(page: Page): Promise<void> {
  const tabs = page.getByRole('tablist');
  await expect(tabs).toBeVisible();
  await firstScreenReplaced(page);
  await expect(tabs).toBeVisible();
}
