/** The site as a browser without scripts sees it: the HTML's own first screen. */
import type { Browser, Page } from '@playwright/test';

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
