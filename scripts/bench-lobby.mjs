// `pnpm bench:lobby [-- --runs 5] [-- --no-build]`: the guest home as a player on a cheap phone
// meets it, on Chromium's own throttling (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU
// 4x slower), median of N runs in fresh browser contexts. Prints numbers only:
// - cards: from navigation start until the first game card is on screen (a featured game's, which
//   the page's HTML carries), and until the first card of the games grid is;
// - tap: until a tap on the first card is handled (the page starts going to the game's route: a
//   route change in the app, or the request for the game's page from the HTML's link), tapping as
//   soon as the card is there and again every 100 ms until one is handled;
// - bytes over the wire (what Chromium received, headers included) of a cold visit, a repeat
//   visit (same context: HTTP cache warm) and a short journey (home, Log In, Join, by taps).
// Service workers are blocked: the figures are the HTTP cache's, the worker only adds to them.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { buildAll, ensureDependencies, log } from './lib.mjs';
import { installSystemPackages } from './setup.mjs';
import { startSite } from './site-server.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg('runs', '5'));
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
};
const CPU_SLOWDOWN = 4;
const CARD = 'main a[href^="/game/"]';
const GRID_CARD = 'main li > a[href^="/game/"]';

if (!process.argv.includes('--no-build')) {
  ensureDependencies();
  buildAll();
}
installSystemPackages(['chromium']);
const site = await startSite(Number(process.env.BENCH_PORT ?? 8292));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const KiB = (n) => `${(n / 1024).toFixed(1)} KiB`;

/**
 * Records, in the page's own clock, when the first element matching each selector is painted
 * inside the viewport (`window.__seen[selector]`), and tells the benchmark at once where it is
 * (`window.__painted`, when the benchmark listens).
 */
function watchFor(selectors) {
  window.__seen = {};
  const check = () => {
    for (const selector of selectors) {
      const element = document.querySelector(selector);
      const box = element?.getBoundingClientRect();
      if (box && box.height > 0 && box.top < innerHeight && !(selector in window.__seen)) {
        window.__seen[selector] = null;
        // The next frame is the one that shows it.
        requestAnimationFrame(() => {
          const at = performance.now();
          window.__seen[selector] = at;
          const b = element.getBoundingClientRect();
          window.__painted?.(selector, at, performance.timeOrigin, b.x + b.width / 2, b.y + b.height / 2);
        });
      }
    }
    if (selectors.some((s) => !(s in window.__seen))) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/**
 * A throttled page in `context`: `bytes()` sums what it received; `quiet()` waits until no
 * request has been in flight for half a second (a route change loads a remote without a page load).
 */
async function throttledPage(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let received = 0;
  const inFlight = new Set();
  let lastChange = Date.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    inFlight.add(e.requestId);
    lastChange = Date.now();
  });
  const done = (e) => {
    inFlight.delete(e.requestId);
    lastChange = Date.now();
  };
  cdp.on('Network.loadingFinished', (e) => {
    received += e.encodedDataLength;
    done(e);
  });
  cdp.on('Network.loadingFailed', done);
  const quiet = async () => {
    await page.waitForTimeout(200);
    while (inFlight.size > 0 || Date.now() - lastChange < 500) await page.waitForTimeout(100);
  };
  return { page, bytes: () => received, quiet };
}

const newContext = (browser) =>
  browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    serviceWorkers: 'block',
  });

/**
 * A cold visit: when the first card is on screen, and when a tap on it is handled. The tap is a
 * touch at the card's centre the moment the page reports it painted (no waiting on the page: a
 * busy main thread delays it exactly as it would a thumb), again every 100 ms until handled.
 */
async function cardsAndTap(browser) {
  const context = await newContext(browser);
  let reportPainted;
  const painted = new Promise((resolve) => {
    reportPainted = resolve;
  });
  await context.exposeFunction('__painted', (_selector, at, timeOrigin, x, y) =>
    reportPainted({ at, timeOrigin, x, y }),
  );
  await context.addInitScript(watchFor, [CARD]);
  const { page } = await throttledPage(context);
  let handledAt;
  const leftHome = (url) => new URL(url).pathname !== '/';
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && leftHome(frame.url())) handledAt ??= Date.now();
  });
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame() && leftHome(request.url()))
      handledAt ??= Date.now();
  });
  await page.goto(`${site.url}/`, { waitUntil: 'commit' });
  const card = await painted;
  for (let i = 0; handledAt === undefined && i < 200; i++) {
    await page.touchscreen.tap(card.x, card.y);
    if (handledAt === undefined) await new Promise((r) => setTimeout(r, 100));
  }
  await context.close();
  if (handledAt === undefined) throw new Error('no tap on a game card was handled');
  return { cards: card.at, tap: handledAt - card.timeOrigin };
}

/**
 * A second cold visit, left alone: when the games grid's first card is on screen; the bytes of
 * that visit, of the journey home → Log In → Join, then of a repeat visit.
 */
async function gridAndBytes(browser) {
  const context = await newContext(browser);
  await context.addInitScript(watchFor, [GRID_CARD]);
  const { page, bytes, quiet } = await throttledPage(context);
  await page.goto(`${site.url}/`);
  await page.waitForFunction((s) => typeof window.__seen?.[s] === 'number', GRID_CARD, {
    timeout: 60_000,
    polling: 50,
  });
  const grid = await page.evaluate((s) => window.__seen[s], GRID_CARD);
  await quiet();
  const cold = bytes();
  await page.getByRole('link', { name: 'Login' }).first().tap();
  await page.waitForURL('**/login');
  await quiet();
  await page.getByRole('link', { name: 'Join Now' }).first().tap();
  await page.waitForURL('**/join');
  await quiet();
  const journey = bytes();
  await page.close();
  const again = await throttledPage(context);
  await again.page.goto(`${site.url}/`);
  await again.quiet();
  const repeat = again.bytes();
  await context.close();
  return { grid, cold, journey, repeat };
}

try {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const r = { ...(await cardsAndTap(browser)), ...(await gridAndBytes(browser)) };
    runs.push(r);
    log(
      `run ${i + 1}: first card ${(r.cards / 1000).toFixed(2)} s, grid ${(r.grid / 1000).toFixed(2)} s, tap handled ${(r.tap / 1000).toFixed(2)} s, cold ${KiB(r.cold)}, repeat ${KiB(r.repeat)}, journey ${KiB(r.journey)}`,
    );
  }
  await browser.close();
  const m = (k) => median(runs.map((r) => r[k]));
  console.log(
    `\nGuest home, ${NETWORK.latency} ms RTT, ${(NETWORK.downloadThroughput * 8) / 1e6} Mbit/s, CPU ${CPU_SLOWDOWN}x, median of ${RUNS}: first game card on screen ${(m('cards') / 1000).toFixed(2)} s, games grid ${(m('grid') / 1000).toFixed(2)} s, tap handled ${(m('tap') / 1000).toFixed(2)} s; bytes cold ${KiB(m('cold'))}, repeat ${KiB(m('repeat'))}, journey home→login→join ${KiB(m('journey'))}`,
  );
} finally {
  site.stop();
}
