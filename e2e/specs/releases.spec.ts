/**
 * Release control against the real server, the flows without canaries: publish a new wallet version
 * and activate it while the site runs, disable / enable wallet, roll back to an older revision, and
 * Releases on the staff site (staff/src/pages/releases) for release managers.
 *
 * These tests change the release everyone on this server gets, so they run serially, keep each
 * disabled window short, and put the original versions back at the end. The new "version" is a
 * byte-identical copy of the active wallet folder (so the compatibility check passes without a
 * rebuild), registered through the API like `release.mjs publish --folder`, deleted afterwards.
 */
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { canaryBucket } from '../../shared/contracts/src/canary-bucket.ts';
import { visitHomeAndRememberLobby } from '../support/federation.ts';
import { homeLoaded } from '../support/first-screen.ts';
import { vitalsMeasured } from '../support/paint.ts';
import {
  CDN,
  integrityOf,
  RELEASE_MANAGER_PHONE,
  releaseManager,
  releaseManagerToken,
} from '../support/releases.ts';
import { createPlayer, type Player, signIn } from '../support/session.ts';
import { consoleErrors, openSignedIn, t } from '../support/staff-site.ts';
import { expect, test } from '../support/test.ts';

test.describe.configure({ mode: 'serial' });

const WALLET_DIR = join(CDN, 'remotes', 'wallet');

interface RemoteStatus {
  name: string;
  active: string | null;
  enabled: boolean;
  canary: { version: string; percent: number } | null;
  versions: { version: string }[];
}
interface Remotes {
  revision: number;
  remotes: RemoteStatus[];
}
interface Revision {
  revision: number;
  action: string;
  manifest: { remotes: Record<string, { version: string; enabled: boolean }> };
}

let token = '';
let original: Remotes;
let newVersion = '';
let newFolder = '';
/** A published copy whose mf-manifest.json is then removed (the compatibility refusal). */
let brokenFolder = '';

async function call(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await request.fetch(`/api/v1${path}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = await res.json().catch(() => null);
  return { status: res.status(), body };
}

async function ok<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await call(request, method, path, data);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body as T;
}

const remotes = (request: APIRequestContext) => ok<Remotes>(request, 'GET', '/releases/remotes');

/** A manifest change made from the current revision. */
async function change(request: APIRequestContext, path: string, body: Record<string, unknown> = {}) {
  const { revision } = await remotes(request);
  return ok<Revision>(request, 'POST', `/releases${path}`, {
    base_revision: revision,
    reason: 'e2e: releases.spec',
    ...body,
  });
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Opens `path` in a fresh context (no HTTP cache, no remembered manifest), signed in as
 * `player`, and records every static file the site served: path → sha256 of its bytes.
 */
async function freshLoad(
  browser: Browser,
  player: Player,
  path: string,
  ready: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, player);
  const served = new Map<string, string>();
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/api/') || res.request().method() !== 'GET' || res.status() !== 200) return;
    // The page itself is composed per request and carries the live release: not a static file.
    if (res.request().resourceType() === 'document') return;
    pending.push(
      res
        .body()
        .then((b) => {
          served.set(url.pathname, sha256(b));
        })
        .catch(() => {}),
    );
  });
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return { context, page, served };
}

/** Every file of the active lobby, auth and profile versions, as served: path → sha256. */
async function servedOtherRemotes(request: APIRequestContext): Promise<Map<string, string>> {
  const manifest = (await (await request.get('/api/v1/releases/manifest')).json()) as Revision['manifest'];
  const out = new Map<string, string>();
  for (const [name, release] of Object.entries(manifest.remotes)) {
    if (name === 'wallet') continue;
    const base = `/remotes/${name}/${release.version}/`;
    for (const file of Object.keys(integrityOf(join(CDN, 'remotes', name, release.version)))) {
      if (/\.(br|gz)$/.test(file)) continue;
      const res = await request.get(base + file);
      out.set(base + file, `${res.status()} ${sha256(await res.body())}`);
    }
  }
  return out;
}

const walletPaths = (served: Map<string, string>) =>
  [...served.keys()].filter((p) => p.startsWith('/remotes/wallet/'));

async function expectDepositPage(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Deposit' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Deposit' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Withdraw' })).toBeVisible();
  // The shell's last file of a page view (the speed library, fetched when idle): on a busy
  // machine it came after the network's first quiet half-second, so one of two loads missed it.
  await vitalsMeasured(page);
}

let player: Player;

test.beforeAll(async ({ request }) => {
  token = await releaseManagerToken(request);
  original = await remotes(request);
  player = await createPlayer(request);
});

test.afterAll(async ({ request }) => {
  // Put the release back as it was: original active versions, enabled as they were.
  try {
    const now = await remotes(request);
    for (const was of original.remotes) {
      const is = now.remotes.find((r) => r.name === was.name);
      if (!is || !was.active) continue;
      if (is.active !== was.active)
        await change(request, `/remotes/${was.name}/activate`, { version: was.active });
      if (is.enabled !== was.enabled)
        await change(request, `/remotes/${was.name}/${was.enabled ? 'enable' : 'disable'}`);
    }
  } finally {
    if (newFolder) rmSync(newFolder, { recursive: true, force: true });
    if (brokenFolder) rmSync(brokenFolder, { recursive: true, force: true });
  }
});

/** The wallet version's entry script (`static/js/wallet.<hash>.js`). */
const isEntryOf = (version: string) => (path: string) =>
  new RegExp(`^/remotes/wallet/${version.replace(/[.]/g, '\\.')}/static/js/wallet\\.[^/]+\\.js$`).test(path);

test('a new wallet version, published and activated while the site runs, reaches the next page load; nothing else changes', async ({
  browser,
  request,
}) => {
  const wallet = original.remotes.find((r) => r.name === 'wallet');
  expect(wallet?.active, 'wallet has an active version').toBeTruthy();
  const current = wallet?.active as string;

  // Before: what a signed-in player's /deposit loads (the shell and wallet), and every file of
  // the other remotes' active versions as the site serves them.
  const before = await freshLoad(browser, player, '/deposit', expectDepositPage);
  const othersBefore = await servedOtherRemotes(request);
  expect(othersBefore.size).toBeGreaterThan(10);
  // The version's entry script (its mf-manifest.json comes inside the page: /deposit is an entry page).
  expect(walletPaths(before.served).some(isEntryOf(current))).toBe(true);
  await before.context.close();

  // Publish: a copy of the active folder under a new name (old mtime: never "the newest build"
  // for a server that activates the newest build at boot), registered with its integrity map.
  newVersion = `${current}-e2e${randomBytes(3).toString('hex')}`;
  newFolder = join(WALLET_DIR, newVersion);
  cpSync(join(WALLET_DIR, current), newFolder, { recursive: true });
  const old = new Date('2001-01-01T00:00:00Z');
  utimesSync(newFolder, old, old);
  const published = await call(request, 'POST', '/releases/remotes/wallet/versions', {
    version: newVersion,
    integrity: integrityOf(newFolder),
    reason: 'e2e: a new wallet version',
  });
  expect(published.status, JSON.stringify(published.body)).toBe(201);
  expect(published.body.entry).toBe(`/remotes/wallet/${newVersion}/mf-manifest.json`);
  // Publishing does not put anything live; publishing again is refused.
  expect((await remotes(request)).remotes.find((r) => r.name === 'wallet')?.active).toBe(current);
  const again = await call(request, 'POST', '/releases/remotes/wallet/versions', {
    version: newVersion,
    integrity: integrityOf(newFolder),
  });
  expect(again.status).toBe(409);

  const manifestBefore = await (await request.get('/api/v1/releases/manifest')).json();
  const activated = await change(request, '/remotes/wallet/activate', { version: newVersion });
  expect(activated.action).toBe(`activate wallet ${newVersion}`);

  // Only wallet changed in the manifest.
  const manifestAfter = await (await request.get('/api/v1/releases/manifest')).json();
  for (const name of Object.keys(manifestBefore.remotes)) {
    if (name === 'wallet') continue;
    expect(manifestAfter.remotes[name], name).toEqual(manifestBefore.remotes[name]);
  }
  expect(manifestAfter.remotes.wallet.version).toBe(newVersion);

  // A new page load gets the new version, and only it.
  const after = await freshLoad(browser, player, '/deposit', expectDepositPage);
  const walletAfter = walletPaths(after.served);
  expect(walletAfter.some(isEntryOf(newVersion))).toBe(true);
  expect(walletAfter.filter((p) => !p.startsWith(`/remotes/wallet/${newVersion}/`))).toEqual([]);
  await after.context.close();

  // The shell's and the other remotes' files: the same paths, the same bytes.
  const others = (m: Map<string, string>) =>
    new Map([...m].filter(([p]) => !p.startsWith('/remotes/wallet/')));
  const otherBefore = others(before.served);
  const otherAfter = others(after.served);
  // At least the shell's script (its styles are inline in the page).
  expect([...otherBefore.keys()].some((p) => /^\/static\/js\/index\.[0-9a-f]+\.js$/.test(p))).toBe(true);
  expect([...otherAfter.keys()].sort()).toEqual([...otherBefore.keys()].sort());
  for (const [path, hash] of otherAfter) {
    if (otherBefore.has(path)) expect(hash, path).toBe(otherBefore.get(path));
  }
  for (const [path, hash] of otherBefore) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(sha256(await res.body()), path).toBe(hash);
  }
  expect(await servedOtherRemotes(request)).toEqual(othersBefore);
});

test('disable wallet: its routes show Unavailable and its nav items hide; enable: back', async ({
  browser,
  request,
}) => {
  const disabled = await change(request, '/remotes/wallet/disable');
  let enabled = false;
  try {
    expect(disabled.manifest.remotes.wallet?.enabled).toBe(false);
    const { context, page } = await freshLoad(browser, player, '/deposit', async (p) => {
      await expect(p.getByTestId('unavailable')).toHaveAttribute('data-reason', 'disabled');
    });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Deposit' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Withdraw' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Unavailable' })).toBeVisible();
    await context.close();
    // Back on as soon as it is seen: other spec files share this server.
    await change(request, '/remotes/wallet/enable');
    enabled = true;
  } finally {
    if (!enabled) await change(request, '/remotes/wallet/enable');
  }
  const { context, page } = await freshLoad(browser, player, '/deposit', expectDepositPage);
  await expect(page.getByTestId('unavailable')).toHaveCount(0);
  await context.close();
});

test('roll back to an older revision: the earlier wallet version is served again', async ({
  browser,
  request,
}) => {
  const wallet = original.remotes.find((r) => r.name === 'wallet');
  const history = await ok<{ revisions: Revision[] }>(request, 'GET', '/releases/history?limit=50');
  // The revision this run started from, with the original wallet.
  const target = history.revisions.find((r) => r.revision === original.revision);
  expect(target?.manifest.remotes.wallet?.version).toBe(wallet?.active);
  expect(history.revisions[0]?.revision).toBeGreaterThan(original.revision + 1);

  const rolled = await change(request, '/rollback', { revision: original.revision });
  expect(rolled.action).toBe(`roll back to revision ${original.revision}`);
  expect(rolled.manifest.remotes.wallet?.version).toBe(wallet?.active);
  // A new revision, not a rewrite of history.
  expect(rolled.revision).toBe(history.revisions[0]!.revision + 1);

  const { context, served } = await freshLoad(browser, player, '/deposit', expectDepositPage);
  const walletServed = walletPaths(served);
  expect(walletServed.some(isEntryOf(wallet?.active as string))).toBe(true);
  expect(walletServed.filter((p) => p.includes(newVersion))).toEqual([]);
  await context.close();
});

// ---- The staff site's Releases (staff/src/pages/releases), as a release manager uses it ----

/** A string of the staff site's Releases screens, in English. */
const r = (key: string, values: Record<string, string | number> = {}) => t('en', `releases:${key}`, values);
/**
 * Each staff-site test signs the release manager in with a fresh code of their authenticator: a
 * code is taken once, so the third sign-in within a 30-second step waits for the next step.
 */
const SIGN_IN_TIMEOUT_MS = 90_000;
/** A remote's card on the Releases screen: a region named by the remote. */
const cardOf = (page: Page, remote: string) => page.getByRole('region', { name: remote, exact: true });

test('Releases on the staff site: each remote, its versions and the history, and a disable / enable with a reason', async ({
  page,
  request,
}) => {
  test.setTimeout(SIGN_IN_TIMEOUT_MS);
  const errors = consoleErrors(page);
  await openSignedIn(page, '/releases', releaseManager(page.request), 'en');
  await expect(page.getByRole('heading', { level: 1, name: r('title') })).toBeVisible();

  const now = await remotes(request);
  await expect(page.getByText(r('revision', { revision: now.revision }))).toBeVisible();
  for (const remote of now.remotes) {
    const card = cardOf(page, remote.name);
    await expect(card.getByRole('definition').first()).toHaveText(remote.active ?? r('card.none'));
    await expect(
      card.getByText(remote.enabled ? r('card.on') : r('card.off'), { exact: true }),
    ).toBeVisible();
  }
  const wallet = cardOf(page, 'wallet');
  const walletStatus = now.remotes.find((x) => x.name === 'wallet') as RemoteStatus;
  await wallet.getByText(r('versions.summary_other', { count: walletStatus.versions.length })).click();
  await expect(wallet.getByText(newVersion, { exact: true })).toBeVisible();

  // History: the previous test's rollback, with who and why, and what changed.
  await page.getByRole('link', { name: r('links.history') }).click();
  const rollback = page.getByRole('listitem', { name: r('history.revision', { revision: now.revision }) });
  await expect(rollback).toContainText(`roll back to revision ${original.revision}`);
  await expect(rollback).toContainText(r('history.by', { by: RELEASE_MANAGER_PHONE }));
  await expect(rollback).toContainText('e2e: releases.spec');
  await expect(rollback.getByRole('button')).toHaveCount(0);
  await expect(
    page
      .getByRole('listitem', { name: r('history.revision', { revision: original.revision }) })
      .getByRole('button', { name: r('history.rollbackTo', { revision: original.revision }) }),
  ).toBeVisible();
  await page.getByRole('link', { name: r('health.back') }).click();

  // Disable wallet: a reason is required; then the card says Off, and so does the API.
  await wallet.getByRole('button', { name: r('actions.disable') }).click();
  const dialog = page.getByRole('dialog', { name: r('disable.title', { remote: 'wallet' }) });
  await dialog.getByRole('button', { name: r('disable.confirm') }).click();
  await expect(dialog.getByText(t('en', 'common:reason.tooShort'))).toBeVisible();
  await dialog.getByLabel(t('en', 'common:reason.label')).fill('e2e: staff site disables wallet');
  await dialog.getByRole('button', { name: r('disable.confirm') }).click();
  await expect(dialog).toBeHidden();
  await expect(wallet.getByText(r('card.off'), { exact: true })).toBeVisible();
  await expect(page.getByText(r('revision', { revision: now.revision + 1 }))).toBeVisible();
  expect((await remotes(request)).remotes.find((x) => x.name === 'wallet')?.enabled).toBe(false);

  // …and enable it again at once.
  await wallet.getByRole('button', { name: r('actions.enable') }).click();
  const enable = page.getByRole('dialog', { name: r('enable.title', { remote: 'wallet' }) });
  await enable.getByLabel(t('en', 'common:reason.label')).fill('e2e: staff site enables wallet');
  await enable.getByRole('button', { name: r('enable.confirm') }).click();
  await expect(wallet.getByText(r('card.on'), { exact: true })).toBeVisible();
  expect((await remotes(request)).remotes.find((x) => x.name === 'wallet')?.enabled).toBe(true);
  expect(errors.unexpected([401])).toEqual([]);
});

test('Releases on the staff site: a change from a stale screen is refused and the screen re-read; activate a version', async ({
  page,
  request,
}) => {
  test.setTimeout(SIGN_IN_TIMEOUT_MS);
  const errors = consoleErrors(page);
  await openSignedIn(page, '/releases', releaseManager(page.request), 'en');
  const wallet = cardOf(page, 'wallet');
  await expect(wallet).toBeVisible();

  // Someone changes the release meanwhile (a harmless one: the byte-identical copy) → 409.
  await change(request, '/remotes/wallet/activate', { version: newVersion });
  await wallet.getByRole('button', { name: r('actions.disable') }).click();
  const dialog = page.getByRole('dialog', { name: r('disable.title', { remote: 'wallet' }) });
  await dialog.getByLabel(t('en', 'common:reason.label')).fill('e2e: from a stale screen');
  await dialog.getByRole('button', { name: r('disable.confirm') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(r('errors.stale'));
  expect((await remotes(request)).remotes.find((x) => x.name === 'wallet')?.enabled).toBe(true);
  // The screen was read again: the card shows the other person's change.
  await expect(wallet.getByRole('definition').first()).toHaveText(newVersion);
  await dialog.getByRole('button', { name: t('en', 'common:actions.cancel') }).click();

  // Activate through the card: back to the original version.
  const originalWallet = original.remotes.find((x) => x.name === 'wallet')?.active as string;
  await wallet.getByRole('button', { name: r('actions.activate') }).click();
  const activate = page.getByRole('dialog', { name: r('activate.title', { remote: 'wallet' }) });
  await activate.getByLabel(r('canary.version')).selectOption(originalWallet);
  await activate.getByLabel(t('en', 'common:reason.label')).fill('e2e: back to the original wallet');
  await activate.getByRole('button', { name: r('activate.confirm') }).click();
  await expect(activate).toBeHidden();
  await expect(wallet.getByRole('definition').first()).toHaveText(originalWallet);
  expect((await remotes(request)).remotes.find((x) => x.name === 'wallet')?.active).toBe(originalWallet);
  expect(errors.unexpected([401, 409])).toEqual([]);
});

test('Releases on the staff site: a version the compatibility check refuses is not activated, with its reasons', async ({
  page,
  request,
}) => {
  test.setTimeout(SIGN_IN_TIMEOUT_MS);
  const errors = consoleErrors(page);
  // Published, then its mf-manifest.json went missing.
  const originalWallet = original.remotes.find((x) => x.name === 'wallet')?.active as string;
  const broken = `0.0.0-e2e-missing-${randomBytes(3).toString('hex')}`;
  brokenFolder = join(WALLET_DIR, broken);
  cpSync(join(WALLET_DIR, originalWallet), brokenFolder, { recursive: true });
  utimesSync(brokenFolder, new Date('2001-01-01'), new Date('2001-01-01'));
  const registered = await call(request, 'POST', '/releases/remotes/wallet/versions', {
    version: broken,
    integrity: integrityOf(brokenFolder),
    reason: 'e2e: a version whose files go missing',
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  rmSync(join(brokenFolder, 'mf-manifest.json'));
  const revisionBefore = (await remotes(request)).revision;

  await openSignedIn(page, '/releases', releaseManager(page.request), 'en');
  const wallet = cardOf(page, 'wallet');
  await wallet.getByRole('button', { name: r('actions.activate') }).click();
  const dialog = page.getByRole('dialog', { name: r('activate.title', { remote: 'wallet' }) });
  await dialog.getByLabel(r('canary.version')).selectOption(broken);
  await dialog.getByLabel(t('en', 'common:reason.label')).fill('e2e: this one must be refused');
  await dialog.getByRole('button', { name: r('activate.confirm') }).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText(r('errors.incompatible', { problems: '' }).trim());
  await expect(refusal).toContainText('mf-manifest.json');
  await expect(wallet.getByRole('definition').first()).toHaveText(originalWallet);
  expect((await remotes(request)).revision).toBe(revisionBefore);
  expect(errors.unexpected([401, 422])).toEqual([]);
});

test('the staff site refuses a player who holds no staff role', async ({ page, request }) => {
  const outsider = await createPlayer(request);
  await page.goto('/staff/releases');
  await page.getByLabel(t('en', 'access:signIn.phone')).fill(outsider.phone);
  await page.getByLabel(t('en', 'access:signIn.password')).fill(outsider.password);
  await page.getByRole('button', { name: t('en', 'access:signIn.continue') }).click();
  await expect(page.getByText(t('en', 'access:signIn.errors.notStaff'))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: r('title') })).toBeHidden();
  // The API itself: release control takes no player's token.
  const refused = await request.get('/api/v1/releases/remotes', {
    headers: { Authorization: `Bearer ${outsider.accessToken}` },
  });
  expect(refused.status()).toBe(403);
});

test('a 50% canary through release control: each player keeps one version on every phone and load; abort ends it', async ({
  browser,
  request,
}) => {
  expect(newVersion, 'the published copy of the first test').toBeTruthy();
  const active = (await remotes(request)).remotes.find((r) => r.name === 'wallet')?.active as string;
  await change(request, '/remotes/wallet/canary', { version: newVersion, percent: 50 });
  try {
    // Players until one is under the canary's 50% for the wallet and one is not.
    const players: { who: Player; expected: string }[] = [];
    while (players.length < 2) {
      const who = await createPlayer(request);
      const canary = canaryBucket(String(who.user.id), 'wallet') < 50;
      if (!players.some((p) => (p.expected === newVersion) === canary))
        players.push({ who, expected: canary ? newVersion : active });
    }
    // Each on two phones (browser contexts): the bucket is the player's, not the phone's.
    for (const { who, expected } of [...players, ...players]) {
      const bucket = canaryBucket(String(who.user.id), 'wallet');
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, who);
      for (let load = 0; load < 2; load++) {
        const wallet: string[] = [];
        const onRequest = (r: { url(): string }) => {
          const path = new URL(r.url()).pathname;
          if (path.startsWith('/remotes/wallet/')) wallet.push(path.split('/')[3]!);
        };
        page.on('request', onRequest);
        await (load === 0 ? page.goto('/deposit') : page.reload());
        await expectDepositPage(page);
        page.off('request', onRequest);
        expect({ bucket, load, versions: [...new Set(wallet)] }).toEqual({
          bucket,
          load,
          versions: [expected],
        });
      }
      await context.close();
    }
  } finally {
    await change(request, '/remotes/wallet/canary/abort');
  }
  const after = (await remotes(request)).remotes.find((r) => r.name === 'wallet');
  expect(after?.canary).toBeNull();
  expect(after?.active).toBe(active);
});

test('a broken lobby version: a player who had a good one falls back to it; a new player sees Unavailable', async ({
  browser,
  request,
}) => {
  const lobby = (await remotes(request)).remotes.find((r) => r.name === 'lobby');
  const good = lobby?.active as string;
  // A player on the good version, which the shell remembers as working for them.
  const returning = await browser.newContext();
  const page = await returning.newPage();
  expect(await visitHomeAndRememberLobby(page)).toContain(good);

  // A build whose home page throws, published and made active like any release.
  const broken = `0.0.1-broken-${randomBytes(3).toString('hex')}`;
  const folder = join(CDN, 'remotes', 'lobby', broken);
  cpSync(join(import.meta.dirname, '..', 'fixtures', 'throwing-remote', 'dist', 'federated'), folder, {
    recursive: true,
  });
  const old = new Date('2001-01-01');
  utimesSync(folder, old, old);
  try {
    const published = await call(request, 'POST', '/releases/remotes/lobby/versions', {
      version: broken,
      integrity: integrityOf(folder),
      reason: 'e2e: a broken build',
    });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    await change(request, '/remotes/lobby/activate', { version: broken });

    const lobbyVersions: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/remotes/lobby/')) lobbyVersions.push(path.split('/')[3]!);
    });
    await page.reload();
    await homeLoaded(page);
    expect(new Set(lobbyVersions)).toEqual(new Set([broken, good]));

    const newcomer = await browser.newContext();
    const fresh = await newcomer.newPage();
    await fresh.goto('/');
    await expect(fresh.getByTestId('unavailable')).toBeVisible();
    await newcomer.close();
  } finally {
    await change(request, '/remotes/lobby/activate', { version: good });
    rmSync(folder, { recursive: true, force: true });
    await returning.close();
  }
});
