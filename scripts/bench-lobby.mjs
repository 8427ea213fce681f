// `pnpm bench:lobby [-- --runs 5] [-- --no-build]`: the guest home as a player on a cheap phone
// meets it, on Chromium's own throttling (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU
// 4x slower), median of N runs in fresh browser contexts. Prints numbers only:
// - cards: from navigation start until the first game card is on screen;
// - tap: until a tap on that card is handled (the page moves to the game's route), tapping as
//   soon as the card is there and again every 100 ms until one is handled;
// - bytes over the wire (what Chromium received, headers included) of a cold visit, a repeat
//   visit (same context: HTTP cache warm) and a short journey (home, Log In, Join, by taps).
// Service workers are blocked: the figures are the HTTP cache's, the worker only adds to them.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { buildAll, ensureChromium, ensureDependencies, log } from './lib.mjs';
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
const CARD = 'a[href^="/game/"]';

if (!process.argv.includes('--no-build')) {
  ensureDependencies();
  buildAll();
}
ensureChromium();
const site = await startSite(Number(process.env.BENCH_PORT ?? 8292));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const KiB = (n) => `${(n / 1024).toFixed(1)} KiB`;

/** Records, in the page's own clock, when the first game card is painted inside the viewport. */
function watchForCards(selector) {
  const check = () => {
    const card = document.querySelector(selector);
    const box = card?.getBoundingClientRect();
    if (box && box.height > 0 && box.top < innerHeight) {
      // The next frame is the one that shows it.
      requestAnimationFrame(() => {
        window.__cardsAt ??= performance.now();
      });
      return;
    }
    requestAnimationFrame(check);
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

/** A cold visit: when the first card is on screen, and when a tap on it is handled. */
async function cardsAndTap(browser) {
  const context = await newContext(browser);
  await context.addInitScript(watchForCards, CARD);
  const { page } = await throttledPage(context);
  await page.goto(`${site.url}/`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__cardsAt !== undefined, null, { timeout: 60_000, polling: 50 });
  const cards = await page.evaluate(() => window.__cardsAt);
  const timeOrigin = await page.evaluate(() => performance.timeOrigin);
  let handledAt;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname !== '/') handledAt ??= Date.now();
  });
  for (let i = 0; handledAt === undefined && i < 200; i++) {
    await page.tap(CARD, { timeout: 10_000, noWaitAfter: true }).catch(() => {});
    if (handledAt === undefined) await page.waitForTimeout(100);
  }
  await context.close();
  if (handledAt === undefined) throw new Error('no tap on a game card was handled');
  return { cards, tap: handledAt - timeOrigin };
}

/** Bytes of a cold visit to the home, of the journey home → Log In → Join, then of a repeat visit. */
async function bytesOfVisits(browser) {
  const context = await newContext(browser);
  const { page, bytes, quiet } = await throttledPage(context);
  await page.goto(`${site.url}/`);
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
  return { cold, journey, repeat };
}

try {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const r = { ...(await cardsAndTap(browser)), ...(await bytesOfVisits(browser)) };
    runs.push(r);
    log(
      `run ${i + 1}: cards ${(r.cards / 1000).toFixed(2)} s, tap handled ${(r.tap / 1000).toFixed(2)} s, cold ${KiB(r.cold)}, repeat ${KiB(r.repeat)}, journey ${KiB(r.journey)}`,
    );
  }
  await browser.close();
  const m = (k) => median(runs.map((r) => r[k]));
  console.log(
    `\nGuest home, ${NETWORK.latency} ms RTT, ${(NETWORK.downloadThroughput * 8) / 1e6} Mbit/s, CPU ${CPU_SLOWDOWN}x, median of ${RUNS}: cards on screen ${(m('cards') / 1000).toFixed(2)} s, tap handled ${(m('tap') / 1000).toFixed(2)} s; bytes cold ${KiB(m('cold'))}, repeat ${KiB(m('repeat'))}, journey home→login→join ${KiB(m('journey'))}`,
  );
} finally {
  site.stop();
}
