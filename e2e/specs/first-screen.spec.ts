/**
 * The first screen paints from the HTML (decisions 011 and 026): the frame on every route, and on
 * the home its first screen, with its text in the player's language (the featured games as links
 * that work without a script). The app's script runs after that paint and takes over on the same
 * boxes: nothing moves, nothing is painted twice. Each entry page's own first screen:
 * first-screen-entry-pages.spec.ts.
 */
import type { Locator, Page } from '@playwright/test';
import { firstScreenReplaced, homeLoaded, htmlOnly } from '../support/first-screen.ts';
import { expect, test } from '../support/test.ts';

const FIRST_SCREEN = '[data-first-screen="lobby/HomePage"]';

/**
 * Where the element is drawn. While the app replaces the first screen the element can be gone for
 * a moment (no box): measured again until it is there.
 */
async function box(page: Page, selector: string) {
  let b: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect
    .poll(
      async () => {
        b = await page.locator(selector).first().boundingBox();
        return b;
      },
      { message: selector },
    )
    .not.toBeNull();
  return b;
}

test('without any script, / shows the frame and the home page first screen; other pages the frame', async ({
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
    // The featured games are plain links: a tap opens the game before any script has run.
    await expect(page.getByRole('heading', { name: 'Featured games' })).toBeVisible();
    await page.getByRole('link', { name: 'Play Safari Gold' }).click();
    await expect(page).toHaveURL(/\/game\/Safari%20Gold\?gameId=safari-gold$/);
    await expect(page.locator('[data-first-screen="lobby/GamePage"]')).toBeVisible();

    await page.goto('/transactions');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Mchezo' })).toBeVisible();
    await expect(page.locator('[data-first-screen]')).toHaveCount(0);
  } finally {
    await close();
  }
});

test('the served page has the first screen before its one running script, which only adds the app', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const firstScreen = html.indexOf(`<div ${FIRST_SCREEN.slice(1, -1)}>`);
  expect(firstScreen).toBeGreaterThan(-1);
  const mainEnd = html.indexOf('</main>', firstScreen);
  expect(html.slice(firstScreen, mainEnd)).toMatch(/<img src="data:image\/svg\+xml;base64,/);
  // Data scripts (the boot JSON) aside, the one script in the page is the starter at the end of
  // the body, after the first screen: the app's own script is preloaded, never parser-run.
  const running = [...html.matchAll(/<script\b[^>]*>/g)].filter((m) => !m[0].includes('application/json'));
  expect(running.map((m) => m[0])).toEqual([
    expect.stringMatching(/^<script data-src="\/static\/js\/[^"]+\.js">$/),
  ]);
  expect(running[0]!.index).toBeGreaterThan(mainEnd);
  expect(html).toMatch(/<link rel="preload" as="script" href="\/static\/js\/[^"]+\.js"/);
});

type Timing = {
  shifts: number[];
  lcp: { at: number; url: string }[];
  atAppStart?: { painted: boolean; firstScreen: boolean };
};

test('the app starts after the first paint and takes over on the same boxes, without a shift or a second largest paint', async ({
  browser,
  page,
}) => {
  const before = await htmlOnly(browser, '/');
  const htmlHeader = await box(before.page, 'header');
  const htmlPromo = await box(before.page, `${FIRST_SCREEN} img`);
  const htmlFeatured = await box(before.page, `${FIRST_SCREEN} a[href^="/game/"]`);
  await before.close();

  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.addInitScript((firstScreen) => {
    const w = window as unknown as Timing;
    w.shifts = [];
    w.lcp = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.shifts.push((e as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
    // An image candidate has the image's URL; text has none. (Not its element: that is null once
    // the node has left the page, which depends on when this callback runs.)
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { url: string })[])
        w.lcp.push({ at: e.startTime, url: e.url });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // What the page showed at the moment the app's script started (shell/src/mark-start.ts).
    const mark = performance.mark.bind(performance);
    performance.mark = ((name: string, options?: PerformanceMarkOptions) => {
      if (name === 'mchezo:app-start')
        w.atAppStart = {
          painted: performance.getEntriesByName('first-contentful-paint').length === 1,
          firstScreen: document.querySelector(`${firstScreen} img`) !== null,
        };
      return mark(name, options);
    }) as typeof performance.mark;
  }, FIRST_SCREEN);
  await page.goto('/');
  await expect(page.getByRole('tablist', { name: 'Game categories' })).toBeVisible();
  // The real page has replaced the HTML's first screen.
  await expect(page.locator('[data-first-screen]')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  expect(await box(page, 'header')).toEqual(htmlHeader);
  expect(await box(page, 'main section img')).toEqual(htmlPromo);
  expect(await box(page, 'main a[href^="/game/"]')).toEqual(htmlFeatured);

  const timing = await page.evaluate(() => {
    const w = window as unknown as Timing;
    return {
      shifts: w.shifts,
      lcp: w.lcp,
      atAppStart: w.atAppStart,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      appStart: performance.getEntriesByName('mchezo:app-start')[0]?.startTime,
    };
  });
  expect(timing.shifts).toEqual([]);
  // The app started only once the first paint was on screen (the starter waits for its entry),
  // with the HTML's first screen, promo included, still the page.
  expect(timing.atAppStart).toEqual({ painted: true, firstScreen: true });
  expect(timing.appStart).toBeGreaterThan(timing.fcp as number);
  // The largest paint is the promo, once: whether its image is painted with the first paint or
  // a frame later, the page's own promo (the same image, the same size) is no new candidate.
  const images = timing.lcp.filter((e) => e.url !== '');
  expect(images).toHaveLength(1);
  expect(images[0]?.url).toMatch(/^data:image\/svg\+xml/);
  expect(timing.lcp.at(-1)).toEqual(images[0]);
  // Also on a warm load, where the script is in the cache when the HTML is parsed (a deferred
  // script would run before the paint there).
  await page.reload();
  await expect(page.getByRole('tablist', { name: 'Game categories' })).toBeVisible();
  const warm = await page.evaluate(() => ({
    atAppStart: (window as unknown as Timing).atAppStart,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime as number,
    appStart: performance.getEntriesByName('mchezo:app-start')[0]?.startTime as number,
  }));
  expect(warm.atAppStart).toEqual({ painted: true, firstScreen: true });
  expect(warm.appStart).toBeGreaterThan(warm.fcp);
  expect(errors).toEqual([]);
});

test("a first visit gets the shell's styles inside the page and the file after it; a return visit links the cached file", async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const stylesheets: { url: string; cached: boolean }[] = [];
  cdp.on('Network.responseReceived', (e) => {
    if (/\/static\/css\/[^/]+\.css$/.test(new URL(e.response.url).pathname))
      stylesheets.push({
        url: e.response.url,
        cached: Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache),
      });
  });
  const firstPage = (await (await page.goto('/'))?.text()) ?? '';
  await homeLoaded(page);
  expect(firstPage).toMatch(/<head>[\s\S]*<style>[\s\S]*<\/head>/);
  expect(firstPage).not.toContain('rel="stylesheet"');
  const header = await box(page, 'header');
  // After the page: the file itself, once, for the next visit.
  await expect.poll(() => stylesheets.length).toBe(1);
  expect(stylesheets[0]?.cached).toBe(false);

  const returnPage = (await (await page.goto('/login'))?.text()) ?? '';
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await firstScreenReplaced(page);
  expect(returnPage).toMatch(/<link href="\/static\/css\/[^"]+\.css" rel="stylesheet">/);
  // (The first screen brings its own few rules; the shell's stylesheet is not in the head.)
  expect(returnPage).not.toMatch(/<head>[\s\S]*<style>[\s\S]*<\/head>/);
  // The same file, from the browser's cache, and the page looks the same.
  expect(stylesheets.map((s) => s.url)).toEqual([stylesheets[0]?.url, stylesheets[0]?.url]);
  expect(stylesheets[1]?.cached).toBe(true);
  expect(await box(page, 'header')).toEqual(header);
});

test('without any script, a first screen is in the browser language or the chosen one', async ({
  browser,
}) => {
  // Swahili from the browser's languages (Accept-Language), with the page's language to match.
  const sw = await htmlOnly(browser, '/login', { locale: 'sw-KE' });
  try {
    await expect(sw.page.locator('[data-first-screen="auth/LoginPage"] h1')).toHaveText('Karibu Tena');
    expect(await sw.page.getAttribute('html', 'lang')).toBe('sw');
    // The language the player picked (the shell's cookie) wins over the browser's.
    await sw.page.context().addCookies([{ name: 'lang', value: 'fr', url: sw.page.url() }]);
    await sw.page.goto('/join');
    await expect(sw.page.locator('[data-first-screen="auth/JoinPage"] h1')).toHaveText('Créer un compte');
    expect(await sw.page.getAttribute('html', 'lang')).toBe('fr');
  } finally {
    await sw.close();
  }
});

test('the shell keeps the page language in the cookie the site reads: the next page paints in it', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('sw');
  await expect(page.getByRole('heading', { name: 'Karibu Tena' })).toBeVisible();
  const html = await (await page.request.get('/join')).text();
  expect(html).toContain('<html lang="sw"');
  // The page's first screen: its styles, then its markup, in Swahili.
  expect(html).toMatch(
    /data-first-screen="auth\/JoinPage">(<style>[^<]*<\/style>)?<section[^>]*>.*Fungua Akaunti/,
  );
});
