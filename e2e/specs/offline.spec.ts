/**
 * The site installs like an app and works offline (docs/decisions/025-installable-and-offline.md),
 * with its service worker on (the other specs block it): Chromium finds the site installable;
 * opened with no network it shows the offline page in the player's language, and back online
 * the live release; a lobby version rolled back or switched off by a release manager is never
 * answered from the worker's cache again.
 *
 * The last test changes the live release: this file runs after the release-control specs, alone
 * (playwright.config.ts), and puts the release back as it found it.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { homeLoaded } from '../support/first-screen.ts';
import { integrityOf, releaseManagerToken } from '../support/releases.ts';
import { expect, test } from '../support/test.ts';

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

const LOBBY_DIR = join(import.meta.dirname, '..', '..', 'build', 'cdn', 'remotes', 'lobby');
const REMOTES_CACHE = 'mchezo-remotes';

/** Opens the home page and waits until the service worker controls it (installed and active). */
async function installed(page: Page) {
  await page.goto('/');
  await homeLoaded(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  });
}

/** The paths the worker's remote-files cache holds. */
const cachedRemoteFiles = (page: Page) =>
  page.evaluate(
    async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname),
    REMOTES_CACHE,
  );

/** Reloads until `ready`, and returns the lobby versions the page asked for meanwhile. */
async function reloadRecordingLobby(page: Page, ready: () => Promise<void>): Promise<string[]> {
  const versions = new Set<string>();
  const onRequest = (r: { url(): string }) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/remotes/lobby/')) versions.add(path.split('/')[3] as string);
  };
  page.on('request', onRequest);
  try {
    await page.reload();
    await ready();
  } finally {
    page.off('request', onRequest);
  }
  return [...versions].sort();
}

test('Chromium finds the site installable: its manifest, icons and service worker', async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  // A real profile: Chromium never offers to install from an incognito one (Playwright's contexts).
  const profile = mkdtempSync(join(tmpdir(), 'mchezo-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    ...(baseURL && { baseURL }),
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await installed(page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({
      name: 'Mchezo',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    // The worker is the site's own, at its root, revalidated on every update check.
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("offline, a page is the offline page in the player's language; back online, the live release", async ({
  page,
  request,
}) => {
  await installed(page);
  const context = page.context();

  // English for a player who never picked a language (the browser here speaks en-KE).
  await context.setOffline(true);
  await page.goto('/deposit');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // Back online, the offline page reloads itself (the page the player asked for); going
  // elsewhere while that reload is under way would abort one of the two.
  await Promise.all([page.waitForEvent('load'), context.setOffline(false)]);
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeHidden();

  // The player picks Kiswahili on the site; offline, the page speaks it.
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('sw');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Uko nje ya mtandao' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');

  // "Try again" with no network yet: the offline page again.
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Jaribu tena' }).click()]);
  await expect(page.getByRole('heading', { level: 1, name: 'Uko nje ya mtandao' })).toBeVisible();

  // Back online, the page loads the site by itself, with the live lobby version, and it works.
  const live = (await (await request.get('/api/v1/releases/manifest')).json()).remotes.lobby.version;
  const lobby: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/remotes/lobby/')) lobby.push(path.split('/')[3] as string);
  });
  await context.setOffline(false);
  await homeLoaded(page);
  await page.getByRole('tab').nth(1).click();
  await expect(page.getByRole('tab').nth(1)).toHaveAttribute('aria-selected', 'true');
  expect(lobby.length).toBeGreaterThan(0);
  expect(new Set(lobby)).toEqual(new Set([live]));
});

test('a lobby version rolled back or switched off is never answered from the cache again', async ({
  page,
  request,
}) => {
  const token = await releaseManagerToken(request);
  const api = async (path: string, data?: Record<string, unknown>) => {
    const res = await request.fetch(`/api/v1/releases${path}`, {
      method: data ? 'POST' : 'GET',
      headers: { Authorization: `Bearer ${token}` },
      ...(data && { data }),
    });
    expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
  const change = async (path: string, body: Record<string, unknown> = {}) =>
    api(path, { base_revision: (await api('/remotes')).revision, reason: 'e2e: offline.spec', ...body });
  const status = async () =>
    (await api('/remotes')).remotes.find((r: { name: string }) => r.name === 'lobby') as {
      active: string;
      enabled: boolean;
    };

  const before = await api('/remotes');
  const original = (await status()).active;
  // A new lobby version: a byte-identical copy of the live one under a new name, published and
  // activated as a release manager would (old mtime: never "the newest build" at a restart).
  const copy = `${original}-e2eoffline${randomBytes(3).toString('hex')}`;
  const folder = join(LOBBY_DIR, copy);
  cpSync(join(LOBBY_DIR, original), folder, { recursive: true });
  utimesSync(folder, new Date('2001-01-01'), new Date('2001-01-01'));
  try {
    await api('/remotes/lobby/versions', { version: copy, integrity: integrityOf(folder) });
    await change('/remotes/lobby/activate', { version: copy });

    // The player's worker keeps the new version's files.
    await installed(page);
    const lobbyShown = () => homeLoaded(page);
    expect(await reloadRecordingLobby(page, lobbyShown)).toEqual([copy]);
    const cachedCopy = (await cachedRemoteFiles(page)).filter((p) => p.startsWith(`/remotes/lobby/${copy}/`));
    expect(cachedCopy.length).toBeGreaterThan(1);

    // Rolled back: the next load gets the original version, and the copy's files are gone.
    await change('/rollback', { revision: before.revision });
    expect(await reloadRecordingLobby(page, lobbyShown)).toEqual([original]);
    const cached = await cachedRemoteFiles(page);
    expect(cached.filter((p) => p.startsWith(`/remotes/lobby/${copy}/`))).toEqual([]);
    expect(cached.some((p) => p.startsWith(`/remotes/lobby/${original}/`))).toBe(true);
    // Asked for one anyway (an old tab, a last-good fallback), the worker does not answer it
    // from its cache: with the folder gone from the server, the answer is the server's 404
    // (past the browser's HTTP cache, which is not the worker's and keeps its own copy).
    rmSync(folder, { recursive: true, force: true });
    const asked = await page.evaluate(
      (path) => fetch(path, { cache: 'no-store' }).then((r) => r.status),
      cachedCopy[0] as string,
    );
    expect(asked).toBe(404);

    // Switched off: the page says so, and no lobby file is kept any more.
    await change('/remotes/lobby/disable');
    const unavailable = () =>
      expect(page.getByTestId('unavailable')).toHaveAttribute('data-reason', 'disabled');
    expect(await reloadRecordingLobby(page, unavailable)).toEqual([]);
    await expect
      .poll(async () => (await cachedRemoteFiles(page)).filter((p) => p.startsWith('/remotes/lobby/')))
      .toEqual([]);
  } finally {
    await restore(request, token, original);
    rmSync(folder, { recursive: true, force: true });
  }
});

async function restore(request: APIRequestContext, token: string, version: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const now = await (await request.get('/api/v1/releases/remotes', { headers })).json();
  const lobby = now.remotes.find((r: { name: string }) => r.name === 'lobby');
  const post = async (path: string, data: Record<string, unknown> = {}) => {
    const { revision } = await (await request.get('/api/v1/releases/remotes', { headers })).json();
    await request.post(`/api/v1/releases${path}`, {
      headers,
      data: { base_revision: revision, reason: 'e2e: offline.spec puts lobby back', ...data },
    });
  };
  if (lobby.active !== version) await post('/remotes/lobby/activate', { version });
  if (!lobby.enabled) await post('/remotes/lobby/enable');
}
