// `npm run bench:lighthouse [-- --runs 5] [-- --path /] [-- --method devtools] [-- --signed-in] [-- --vs-html]`:
// Lighthouse's mobile preset (slow 4G, 4x CPU slowdown) against the production build, median of
// N runs. Prints numbers only. `--signed-in` opens the page as a fresh verified player (the
// wallet, profile and game pages send a guest to /login); `--path /game` opens the first game of
// the lobby (`/game/<title>?gameId=<id>`). `--method devtools` throttles the real page load (the browser's own
// network and CPU throttling) instead of simulating it from an unthrottled trace: slower to
// run and noisier, but measured rather than modelled. `--vs-html` measures, run by run, the same
// page's HTML with every script removed beside it and prints the ratio of their LCPs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { sessionCookie, signUp, storeSession } from './bench-player.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { buildAll, ensureDependencies, log } from './lib.mjs';
import { installSystemPackages } from './setup.mjs';
import { startScriptlessProxy, startSite } from './site-server.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg('runs', '5'));
const METHOD = arg('method', 'simulate');
const SIGNED_IN = process.argv.includes('--signed-in');
const VS_HTML = process.argv.includes('--vs-html');

if (!process.argv.includes('--no-build')) {
  ensureDependencies();
  buildAll();
}
installSystemPackages(['chromium']);
const site = await startSite(Number(process.env.BENCH_PORT ?? 8291));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs) => `${Math.min(...xs)}–${Math.max(...xs)}`;

async function firstGamePath() {
  const { games } = await (await fetch(`${site.url}/api/v1/casino/games`)).json();
  const game = games[0];
  return `/game/${encodeURIComponent(game.name)}?gameId=${encodeURIComponent(game.game_id)}`;
}
const PATH = arg('path', '/') === '/game' ? await firstGamePath() : arg('path', '/');

/**
 * Puts the player's session in the fresh profile's storage from a same-origin JSON answer (no
 * page, script or style of the site in the cache), for a run that keeps storage.
 */
async function seedSession(port, session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  await context.addCookies([sessionCookie(site.url, session)]);
  const page = await context.newPage();
  await page.goto(`${site.url}/api/v1/health`);
  await page.evaluate(storeSession, session);
  await page.close();
  await browser.close();
}

/** One Lighthouse run of `url` in a fresh browser profile. */
async function measure(url) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    userDataDir,
    chromeFlags: [
      '--headless=new',
      ...CHROMIUM_ARGS,
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
  try {
    if (SIGNED_IN) await seedSession(chrome.port, await signUp(site.url));
    // No config: Lighthouse's default is the mobile preset (Moto G class, slow 4G, 4x CPU).
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      onlyCategories: ['performance'],
      logLevel: 'error',
      throttlingMethod: METHOD,
      // Keeps the seeded session; the profile is new each run, so the cache is cold anyway.
      ...(SIGNED_IN && { disableStorageReset: true }),
    });
    const a = lhr.audits;
    const scriptBytes = (a['resource-summary']?.details?.items ?? []).find(
      (it) => it.resourceType === 'script',
    );
    if (process.env.LH_REPORT) writeFileSync(process.env.LH_REPORT, JSON.stringify(lhr));
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: a['first-contentful-paint'].numericValue,
      lcp: a['largest-contentful-paint'].numericValue,
      tbt: a['total-blocking-time'].numericValue,
      cls: a['cumulative-layout-shift'].numericValue,
      si: a['speed-index'].numericValue,
      jsKiB: (scriptBytes?.transferSize ?? 0) / 1024,
      totalKiB: a['total-byte-weight'].numericValue / 1024,
    };
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

const line = (r) =>
  `score ${r.score}, LCP ${(r.lcp / 1000).toFixed(2)} s, FCP ${(r.fcp / 1000).toFixed(2)} s, TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, JS ${r.jsKiB.toFixed(1)} KiB, total ${r.totalKiB.toFixed(1)} KiB`;

function summary(label, results) {
  const m = (k) => median(results.map((r) => r[k]));
  const lcps = results.map((r) => Number((r.lcp / 1000).toFixed(2)));
  console.log(
    `\nLighthouse mobile (${METHOD}), ${label}, spread: score ${spread(results.map((r) => r.score))}, LCP ${spread(lcps)} s, TBT ${spread(results.map((r) => Math.round(r.tbt)))} ms`,
  );
  console.log(
    `Lighthouse mobile (${METHOD}), ${label}, median of ${results.length}: score ${m('score')}, LCP ${(m('lcp') / 1000).toFixed(2)} s, FCP ${(m('fcp') / 1000).toFixed(2)} s, TBT ${m('tbt').toFixed(0)} ms, CLS ${m('cls').toFixed(3)}, SI ${(m('si') / 1000).toFixed(2)} s, JS ${m('jsKiB').toFixed(1)} KiB, total ${m('totalKiB').toFixed(1)} KiB`,
  );
  return m('lcp');
}

// `--vs-html`: each run also measures the same page's HTML with every <script> element removed
// (served through a proxy that strips them), alternating with the real page.
const htmlOnly = VS_HTML ? await startScriptlessProxy(site.url) : null;
try {
  const results = [];
  const bare = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await measure(`${site.url}${PATH}`);
    results.push(r);
    log(`run ${i + 1}: ${line(r)}`);
    if (htmlOnly) {
      const h = await measure(`${htmlOnly.url}${PATH}`);
      bare.push(h);
      log(`run ${i + 1}, scripts removed: ${line(h)}`);
    }
  }
  const label = `${PATH}${SIGNED_IN ? ' (signed in)' : ''}`;
  const lcp = summary(label, results);
  if (htmlOnly) {
    const bareLcp = summary(`${label}, scripts removed`, bare);
    console.log(`LCP ratio, page / its HTML with scripts removed (medians): ${(lcp / bareLcp).toFixed(2)}`);
  }
} finally {
  htmlOnly?.stop();
  site.stop();
}
