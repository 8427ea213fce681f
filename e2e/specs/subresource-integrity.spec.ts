/**
 * Remote files load with Subresource Integrity (docs/decisions/024): the manifest's entry files
 * with the hashes the release manifest carries, every chunk with the hash its build put in the
 * entry. A file changed after publish is refused by the browser itself; the slot fails soft
 * (the player's last good version, or "Unavailable") and the failure is reported.
 */
import { join } from 'node:path';
import type { ConsoleMessage, Page } from '@playwright/test';
import {
  MANIFEST_PATH,
  overrideManifest,
  serveFixture,
  trackErrorReports,
  visitHomeAndRememberLobby,
} from '../support/federation.ts';
import { homeLoaded } from '../support/first-screen.ts';
import { expect, test } from '../support/test.ts';

const CDN = join(import.meta.dirname, '..', '..', 'build', 'cdn', 'remotes', 'lobby');

async function liveLobby(page: Page) {
  const manifest = await (await page.request.get(MANIFEST_PATH)).json();
  const { version, entry } = manifest.remotes.lobby;
  const integrity = manifest.integrity as Record<string, string>;
  const prefix = `/remotes/lobby/${version}/`;
  const entryScript = Object.keys(integrity).find((p) => p.startsWith(prefix) && p.endsWith('.js'));
  if (!entryScript) throw new Error(`no entry script hash for ${prefix}`);
  return { version, entry, prefix, integrity, entryScript, dir: join(CDN, version) };
}

/** Chromium's own message when a file does not match its `integrity`. */
const integrityRefusals = (page: Page) => {
  const seen: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (/integrity/i.test(m.text())) seen.push(m.text());
  });
  return seen;
};

test('the live lobby loads with integrity, each file once', async ({ page }) => {
  const live = await liveLobby(page);
  expect(live.integrity[`${live.prefix}mf-manifest.json`]).toMatch(/^sha384-/);
  const requested: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/remotes/')) requested.push(path);
  });
  // Loaders remove their script elements once run: record each as it is added.
  await page.addInitScript(() => {
    const w = window as unknown as {
      __scripts: { src: string; integrity: string; crossOrigin: string | null }[];
    };
    w.__scripts = [];
    new MutationObserver((records) => {
      for (const r of records)
        for (const node of r.addedNodes)
          if (node instanceof HTMLScriptElement && node.src.includes('/remotes/'))
            w.__scripts.push({
              src: new URL(node.src).pathname,
              integrity: node.integrity,
              crossOrigin: node.crossOrigin,
            });
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  await homeLoaded(page);
  // The entry script and every chunk carry their hash; a preload that did not match the
  // CORS mode of the real load would show up as a second request for the same file.
  const scripts = await page.evaluate(
    () =>
      (window as unknown as { __scripts: { src: string; integrity: string; crossOrigin: string | null }[] })
        .__scripts,
  );
  expect(scripts.length).toBeGreaterThan(1);
  for (const s of scripts) {
    expect(s.integrity, s.src).toMatch(/^sha384-/);
    expect(s.crossOrigin, s.src).toBe('anonymous');
  }
  expect(scripts.find((s) => s.src === live.entryScript)?.integrity).toBe(live.integrity[live.entryScript]);
  const twice = requested.filter((p, i) => requested.indexOf(p) !== i);
  expect(twice).toEqual([]);
});

test('a changed entry script is refused by the browser; the player gets their last good version, and it is reported', async ({
  page,
}) => {
  const reports = await trackErrorReports(page);
  const refusals = integrityRefusals(page);
  const live = await liveLobby(page);
  expect(await visitHomeAndRememberLobby(page)).toBe(
    JSON.stringify({ version: live.version, entry: live.entry }),
  );

  // A new version goes live, and its entry script is changed on the way (a CDN, a proxy):
  // the manifest vouches for the published bytes, the browser gets others.
  const entry = await serveFixture(page, 'lobby-changed', live.dir);
  const base = '/fixtures/lobby-changed/';
  const changedScript = `${base}${live.entryScript.slice(live.prefix.length)}`;
  await page.route(`**${changedScript}`, async (route) => {
    const original = await (await page.request.get(live.entryScript)).text();
    await route.fulfill({ body: `${original}\n;window.__changed = true;`, contentType: 'text/javascript' });
  });
  await overrideManifest(page, (m) => {
    m.remotes.lobby = { version: '9.9.9-changed', entry, enabled: true };
    m.integrity = {
      ...m.integrity,
      [`${base}mf-manifest.json`]: live.integrity[`${live.prefix}mf-manifest.json`]!,
      [changedScript]: live.integrity[live.entryScript]!,
    };
  });
  await page.reload();

  // The refusal and its report come as the app loads the lobby; the home's first screen (drawn
  // from the page itself, decision 039) is on screen before that, tabs and all: wait for them.
  const lobbyLoadFailures = async () =>
    (await reports()).filter((r) => r.context.remote === 'lobby' && r.context.phase === 'load');
  await expect.poll(() => refusals.some((t) => t.includes(changedScript) || /digest/i.test(t))).toBe(true);
  await expect.poll(async () => (await lobbyLoadFailures()).length).toBe(1);
  // The last good version's own page, not the first screen the shell keeps (aria-busy) until it comes.
  await expect(
    page.locator('[aria-busy="true"]').getByRole('tablist', { name: 'Game categories' }),
  ).toHaveCount(0);
  await homeLoaded(page);
  await expect(page.getByTestId('unavailable')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __changed?: boolean }).__changed)).toBeUndefined();
  const failures = await lobbyLoadFailures();
  expect(failures).toHaveLength(1);
  expect(failures[0]?.context.version).toBe('9.9.9-changed');
});

test('a changed chunk is refused by the browser: without a good version to fall back on, "Unavailable", reported', async ({
  page,
}) => {
  const reports = await trackErrorReports(page);
  const refusals = integrityRefusals(page);
  await page.route('**/remotes/lobby/**/__federation_expose_HomePage*.js', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: `${await response.text()}\n;window.__changed = true;` });
  });
  await page.goto('/');
  await expect(page.getByTestId('unavailable')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  expect(await page.evaluate(() => (window as { __changed?: boolean }).__changed)).toBeUndefined();
  expect(refusals.length).toBeGreaterThan(0);
  expect((await reports()).some((r) => r.context.remote === 'lobby' && r.context.phase === 'load')).toBe(
    true,
  );
  // The rest of the site works.
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});
