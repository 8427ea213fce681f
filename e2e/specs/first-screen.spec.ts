/**
 * The first screen paints from the HTML (decision 011): the frame on every route, and on `/` the
 * home page's first screen that the live lobby version ships. The app's script runs after that
 * paint and takes over on the same boxes: nothing moves, nothing is painted twice.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';

const FIRST_SCREEN = '[data-first-screen="lobby/HomePage"]';

async function htmlOnly(browser: Browser, path: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(path);
  return { page, close: () => context.close() };
}

async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  expect(b, selector).not.toBeNull();
  return b;
}

test('without any script, / shows the frame and the home page first screen; other routes the frame', async ({
  browser,
}) => {
  const { page, close } = await htmlOnly(browser, '/');
  try {
    await expect(page.getByRole('banner').getByRole('link', { name: 'Mchezo' })).toBeVisible();
    const promo = page.locator(`${FIRST_SCREEN} img`);
    await expect(promo).toBeVisible();
    // The artwork is in the page (a data URI): decoded without a request of its own.
    expect(await promo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(720);
    expect(await promo.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);

    await page.goto('/login');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Mchezo' })).toBeVisible();
    await expect(page.locator('[data-first-screen]')).toHaveCount(0);
  } finally {
    await close();
  }
});

test('the app starts after the first paint and takes over on the same boxes, without a shift or a second largest paint', async ({
  browser,
  page,
}) => {
  const before = await htmlOnly(browser, '/');
  const htmlHeader = await box(before.page, 'header');
  const htmlPromo = await box(before.page, `${FIRST_SCREEN} img`);
  await before.close();

  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number[]; lcp: { at: number; tag?: string }[] };
    w.shifts = [];
    w.lcp = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.shifts.push((e as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { element?: Element })[])
        w.lcp.push({ at: e.startTime, tag: e.element?.tagName });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto('/');
  await expect(page.getByRole('tablist', { name: 'Game categories' })).toBeVisible();
  // The real page has replaced the HTML's first screen.
  await expect(page.locator('[data-first-screen]')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  expect(await box(page, 'header')).toEqual(htmlHeader);
  expect(await box(page, 'main section img')).toEqual(htmlPromo);

  const timing = await page.evaluate(() => {
    const w = window as unknown as { shifts: number[]; lcp: { at: number; tag?: string }[] };
    return {
      shifts: w.shifts,
      lcp: w.lcp,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      appStart: performance.getEntriesByName('mchezo:app-start')[0]?.startTime,
    };
  });
  expect(timing.shifts).toEqual([]);
  // The largest paint is the promo of the HTML's first screen: the page's own promo, the same
  // size, is no new candidate.
  expect(timing.lcp).toEqual([{ at: timing.fcp, tag: 'IMG' }]);
  // The app started only once the first paint was on screen (the starter waits for its entry),
  // also on a warm load, where the script is in the cache when the HTML is parsed (a deferred
  // script would run before the paint there).
  expect(timing.appStart).toBeGreaterThan(timing.fcp as number);
  await page.reload();
  await expect(page.getByRole('tablist', { name: 'Game categories' })).toBeVisible();
  const warm = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime as number,
    appStart: performance.getEntriesByName('mchezo:app-start')[0]?.startTime as number,
  }));
  expect(warm.appStart).toBeGreaterThan(warm.fcp);
  expect(errors).toEqual([]);
});
