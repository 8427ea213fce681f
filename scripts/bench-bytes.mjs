// `npm run bench:bytes`: what a phone downloads on a cold load of each route, by owner (shell,
// each remote, API), measured in Chromium with gzip as the only accepted encoding.
// Prints numbers; budgets are asserted by e2e/specs/bytes-budget.spec.ts, not here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { sessionCookie, signUp, storeSession } from './bench-player.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { buildAll, CDN_DIR, ensureDependencies, log } from './lib.mjs';
import { installSystemPackages } from './setup.mjs';
import { startSite } from './site-server.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8290);
const KiB = (n) => `${(n / 1024).toFixed(1)} KiB`;

if (!process.argv.includes('--no-build')) {
  ensureDependencies();
  buildAll();
}
installSystemPackages(['chromium']);

const site = await startSite(PORT);
const BASE = site.url;

/** Names the shell's chunks that hold a shared singleton, from its mf-manifest. */
function shellChunkLabels() {
  const manifest = JSON.parse(readFileSync(join(CDN_DIR, 'shell', 'mf-manifest.json'), 'utf8'));
  const labels = new Map();
  for (const s of manifest.shared)
    for (const f of [...s.assets.js.sync, ...s.assets.js.async]) labels.set(`/${f}`, s.name);
  return labels;
}

function ownerOf(path) {
  if (path.startsWith('/remotes/')) return `remote:${path.split('/')[2]}`;
  if (path.startsWith('/api/')) return path.startsWith('/api/v1/casino/thumbnails') ? 'api:images' : 'api';
  return 'shell';
}

async function measure(browser, route, session, labels) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
  });
  if (session) {
    await context.addCookies([sessionCookie(BASE, session)]);
    await context.addInitScript(storeSession, session);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // A fresh context is a cold cache; with the cache on, a preload and its use count once.
  const requests = new Map();
  cdp.on('Network.responseReceived', (e) =>
    requests.set(e.requestId, { url: e.response.url, type: e.type, bytes: 0 }),
  );
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  await page.goto(`${BASE}${route}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await context.close();

  const rows = [...requests.values()].filter((r) => r.url.startsWith(BASE));
  const by = {};
  for (const r of rows) {
    const path = new URL(r.url).pathname;
    const owner = ownerOf(path);
    const kind =
      r.type === 'Script' ? 'js' : r.type === 'Stylesheet' ? 'css' : r.type === 'Image' ? 'img' : 'other';
    by[owner] ??= { js: 0, css: 0, img: 0, other: 0, files: 0 };
    by[owner][kind] += r.bytes;
    by[owner].files += 1;
  }
  // Each JS file with the shared modules it carries (from the shell's mf-manifest).
  const files = rows
    .filter((r) => r.type === 'Script')
    .map((r) => {
      const path = new URL(r.url).pathname;
      const carries = labels.get(path);
      return `${path.split('/').pop()} ${KiB(r.bytes)}${carries ? ` (${carries})` : ''}`;
    });
  const duplicates = rows.filter(
    (r) => /independent-packages|remoteEntry|federation-runtime/.test(r.url) && r.url.includes('/remotes/'),
  );
  const totalJs = Object.values(by).reduce((n, o) => n + o.js, 0);
  return { route, by, totalJs, files, duplicates: duplicates.map((d) => d.url) };
}

try {
  const labels = shellChunkLabels();
  const session = await signUp(BASE);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const routes = [
    ['/', null],
    ['/login', null],
    ['/join', null],
    ['/', session],
    ['/deposit', session],
    ['/transactions', session],
    ['/profile', session],
  ];
  log(`cold loads at ${BASE}, gzip transfer sizes (JS / CSS / images / other)`);
  for (const [route, s] of routes) {
    const r = await measure(browser, route, s, labels);
    console.log(`\n${route}${s ? ' (signed in)' : ' (guest)'} — JS total ${KiB(r.totalJs)}`);
    for (const [owner, o] of Object.entries(r.by).sort()) {
      console.log(
        `  ${owner.padEnd(15)} js ${KiB(o.js).padStart(10)}  css ${KiB(o.css).padStart(9)}  img ${KiB(o.img).padStart(9)}  other ${KiB(o.other).padStart(9)}  (${o.files} files)`,
      );
    }
    if (route === '/' && !s) for (const f of r.files) console.log(`    ${f}`);
    if (r.duplicates.length) console.log(`  !! second copies fetched: ${r.duplicates.join(', ')}`);
  }
  await browser.close();
} finally {
  site.stop();
}
