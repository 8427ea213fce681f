/**
 * How the shell honours a release (docs/decisions/008-release-choice-in-the-shell.md): a canary's
 * share of players get the canary version, each player consistently; a version that fails to load
 * or throws falls back to the last version that worked for that player, and the failure is
 * reported. The manifest is rewritten per test, so this file never changes the release other tests
 * see.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { canaryBucket } from '../../shared/contracts/src/canary-bucket.ts';
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
const THROWING = join(import.meta.dirname, '..', 'fixtures', 'throwing-remote', 'dist', 'federated');

/** The lobby version the server has live (its folder doubles as the canary's files). */
async function liveLobby(page: Page): Promise<{ version: string; entry: string; dir: string }> {
  const res = await page.request.get(MANIFEST_PATH);
  const { version, entry } = (await res.json()).remotes.lobby;
  return { version, entry, dir: join(CDN, version) };
}

/** A browser id (nobody signed in) whose lobby bucket is under 50, or 50 and over. */
const deviceIn = (half: 'under' | 'over') =>
  Array.from({ length: 100 }, (_, i) => `e2e-device-${i}`).find((id) =>
    half === 'under' ? canaryBucket(id, 'lobby') < 50 : canaryBucket(id, 'lobby') >= 50,
  )!;

async function openAs(browser: Browser, device: string) {
  const context = await browser.newContext();
  await context.addInitScript((id) => {
    if (!localStorage.getItem('mchezo:device-id')) localStorage.setItem('mchezo:device-id', id);
  }, device);
  return context.newPage();
}

const players = [
  { half: 'under', bucket: deviceIn('under'), expects: 'canary' },
  { half: 'over', bucket: deviceIn('over'), expects: 'active' },
] as const;

// One browser per test (three loads each), so a busy machine has one case's work per 30 s.
for (const player of players) {
  test(`a 50% canary: a browser in the ${player.half} half gets the ${player.expects} version on every load`, async ({
    browser,
  }) => {
    const page = await openAs(browser, player.bucket);
    const live = await liveLobby(page);
    const canaryEntry = await serveFixture(page, 'lobby-canary', live.dir);
    await overrideManifest(page, (m) => {
      m.remotes.lobby!.canary = { version: '9.9.9-canary', entry: canaryEntry, percent: 50 };
    });
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    for (let load = 0; load < 3; load++) {
      fetched.length = 0;
      await (load === 0 ? page.goto('/') : page.reload());
      await homeLoaded(page);
      const fromCanary = fetched.some((p) => p.startsWith('/fixtures/lobby-canary/'));
      const fromActive = fetched.some((p) => p.startsWith(`/remotes/lobby/${live.version}/`));
      expect({
        bucket: player.bucket,
        load,
        version: fromCanary ? 'canary' : fromActive ? 'active' : 'none',
      }).toEqual({
        bucket: player.bucket,
        load,
        version: player.expects,
      });
    }
    await page.context().close();
  });
}

test('a broken version falls back to the last version that worked for this player, and is reported', async ({
  page,
}) => {
  const reports = await trackErrorReports(page);
  // A first visit on the good version makes it this player's last known good one.
  expect(await visitHomeAndRememberLobby(page)).toContain('/remotes/lobby/');

  // Then a release makes a throwing build the active version.
  const entry = await serveFixture(page, 'throwing-lobby', THROWING);
  await overrideManifest(page, (m) => {
    m.remotes.lobby = { version: '0.0.0-throwing', entry, enabled: true };
  });
  await page.reload();
  await homeLoaded(page);
  await expect(page.getByTestId('unavailable')).toHaveCount(0);
  const rendered = (await reports()).filter(
    (r) => r.context.remote === 'lobby' && r.context.phase === 'render',
  );
  expect(rendered[0]?.message).toContain('Deliberate render failure');
  expect(rendered[0]?.context.version).toBe('0.0.0-throwing');
});

test("a version whose files fail to load falls back to the player's last good version, and is reported", async ({
  page,
}) => {
  const reports = await trackErrorReports(page);
  const live = await liveLobby(page);
  // Version A, the live one, loads and stays up: it becomes this player's last good version.
  expect(await visitHomeAndRememberLobby(page)).toBe(
    JSON.stringify({ version: live.version, entry: live.entry }),
  );

  // Version B goes live: its manifest is there, every script of it fails to download.
  const entry = await serveFixture(page, 'lobby-unreachable', live.dir);
  const aborted: string[] = [];
  await page.route('**/fixtures/lobby-unreachable/**/*.js', (route) => {
    aborted.push(new URL(route.request().url()).pathname);
    return route.abort('connectionfailed');
  });
  await overrideManifest(page, (m) => {
    m.remotes.lobby = { version: '9.9.9-unreachable', entry, enabled: true };
  });
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.reload();

  // Version A's page, from version A's files: not "Unavailable".
  await homeLoaded(page);
  await expect(page.getByTestId('unavailable')).toHaveCount(0);
  expect(aborted.length).toBeGreaterThan(0);
  expect(fetched.some((p) => p.startsWith(`/remotes/lobby/${live.version}/`) && p.endsWith('.js'))).toBe(
    true,
  );
  const loadFailures = (await reports()).filter(
    (r) => r.context.remote === 'lobby' && r.context.phase === 'load',
  );
  expect(loadFailures).toHaveLength(1);
  expect(loadFailures[0]?.context.fallback).toBe('false');
  // Still A as the last good version: B never worked.
  expect(await page.evaluate(() => localStorage.getItem('mchezo:last-good-version:lobby'))).toBe(
    JSON.stringify({ version: live.version, entry: live.entry }),
  );
});

test('without a version that worked before, a broken version shows Unavailable', async ({ page }) => {
  const entry = await serveFixture(page, 'throwing-lobby', THROWING);
  await overrideManifest(page, (m) => {
    m.remotes.lobby = { version: '0.0.0-throwing', entry, enabled: true };
  });
  await page.goto('/');
  await expect(page.getByTestId('unavailable')).toBeVisible();
});

// Keep the helper honest: the live folder exists (a build ran before the e2e suite).
test.beforeAll(() => {
  expect(readdirSync(CDN).some((v) => statSync(join(CDN, v)).isDirectory())).toBe(true);
});
