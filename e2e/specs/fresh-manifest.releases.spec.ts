/**
 * No stale versions in open tabs (docs/decisions/045-fresh-manifest-on-navigation.md): a tab that
 * navigates to a remote's route once its release manifest is older than MANIFEST_FRESH_MS asks
 * the server again and goes by the current release, without a reload. The page's clock is moved
 * on by the bound (Playwright's clock) instead of waiting it out.
 *
 * Changes the live release (wallet switched off, then rolled back): its own project, after the
 * other release specs, alone; everything is put back at the end of each test.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { MANIFEST_FRESH_MS } from '../../shell/src/federation/fresh-manifest.ts';
import { homeLoaded } from '../support/first-screen.ts';
import { CDN, guardApi, integrityOf, type RemoteStatus } from '../support/releases.ts';
import { createPlayer, signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

test.describe.configure({ mode: 'serial' });

const REASON = { reason: 'e2e: fresh-manifest' };

/** Release control as the release manager, and the wallet's status. */
async function releaseApi(request: APIRequestContext) {
  const api = await guardApi(request);
  return {
    ...api,
    change: (path: string, body: Record<string, unknown> = {}) => api.change(path, { ...REASON, ...body }),
    wallet: async (): Promise<RemoteStatus> =>
      (await api.ok('GET', '/releases/remotes')).remotes.find((r: RemoteStatus) => r.name === 'wallet'),
  };
}

/** Marks the document, so a later check tells the same page from a reloaded one. */
const markTab = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { e2eSameTab: boolean }).e2eSameTab = true;
  });
const isSameTab = (page: Page) =>
  page.evaluate(() => (window as unknown as { e2eSameTab?: boolean }).e2eSameTab === true);

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The wallet as this file found it, and a version folder a test made. */
let before: RemoteStatus;
let madeFolder = '';

test.beforeAll(async ({ request }) => {
  before = await (await releaseApi(request)).wallet();
});

// A hook, not a `finally`: it runs with its own request context even after a test timed out.
test.afterEach(async ({ request }) => {
  const api = await releaseApi(request);
  const now = await api.wallet();
  if (before.active && now.active !== before.active)
    await api.change('/remotes/wallet/activate', { version: before.active });
  if (now.enabled !== before.enabled)
    await api.change(`/remotes/wallet/${before.enabled ? 'enable' : 'disable'}`);
  if (madeFolder) rmSync(madeFolder, { recursive: true, force: true });
  madeFolder = '';
});

test('a tab open on the home, the wallet switched off meanwhile: a tap on Deposit shows Unavailable without a reload', async ({
  page,
  request,
}) => {
  const api = await releaseApi(request);
  const player = await createPlayer(request);
  await page.clock.install();
  await signIn(page, player);
  await page.goto('/');
  await homeLoaded(page);
  const deposit = mainNav(page).getByRole('link', { name: 'Deposit' });
  await expect(deposit).toBeVisible();
  await markTab(page);

  await api.change('/remotes/wallet/disable');
  // The tab's manifest is now older than the bound: the next navigation asks again.
  await page.clock.fastForward(MANIFEST_FRESH_MS);
  const revalidated = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/releases/manifest');
  await deposit.click();
  expect((await revalidated).ok()).toBe(true);
  await expect(page.getByTestId('unavailable')).toHaveAttribute('data-reason', 'disabled');
  await expect(page.getByRole('heading', { name: 'Unavailable' })).toBeVisible();
  // The nav follows the manifest the tab now has: the wallet's items hide.
  await expect(mainNav(page).getByRole('link', { name: 'Withdraw' })).toHaveCount(0);
  await expect(deposit).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/deposit');
  expect(await isSameTab(page)).toBe(true);
});

test('a wallet rolled back meanwhile: the next tap on Deposit loads the rolled-back version in the same tab', async ({
  page,
  request,
}) => {
  const api = await releaseApi(request);
  const player = await createPlayer(request);
  const original = before.active as string;
  const isEntryOf = (version: string) => (url: string) =>
    new RegExp(`/remotes/wallet/${version.replace(/[.]/g, '\\.')}/static/js/wallet\\.[^/]+\\.js$`).test(
      new URL(url).pathname,
    );

  // A newer wallet version: a byte-identical copy of the active folder, published and activated
  // (old mtime: never "the newest build" for a server that activates the newest build at boot).
  const newer = `${original}-fresh${randomBytes(3).toString('hex')}`;
  const folder = join(CDN, 'remotes', 'wallet', newer);
  madeFolder = folder;
  cpSync(join(CDN, 'remotes', 'wallet', original), folder, { recursive: true });
  const old = new Date('2001-01-01T00:00:00Z');
  utimesSync(folder, old, old);
  await api.ok('POST', '/releases/remotes/wallet/versions', {
    version: newer,
    integrity: integrityOf(folder),
    ...REASON,
  });
  const { revision: withOriginal } = await api.ok('GET', '/releases/remotes');
  await api.change('/remotes/wallet/activate', { version: newer });

  await page.clock.install();
  await signIn(page, player);
  const newerEntry = page.waitForResponse((r) => isEntryOf(newer)(r.url()));
  await page.goto('/deposit');
  await expect(page.getByRole('heading', { level: 1, name: 'Deposit' })).toBeVisible();
  await newerEntry;
  await markTab(page);
  await mainNav(page).getByRole('link', { name: 'Home' }).click();
  await homeLoaded(page);

  await api.change('/remotes/wallet/rollback', { revision: withOriginal });
  expect((await api.wallet()).active).toBe(original);
  await page.clock.fastForward(MANIFEST_FRESH_MS);
  const originalEntry = page.waitForResponse((r) => isEntryOf(original)(r.url()));
  await mainNav(page).getByRole('link', { name: 'Deposit' }).click();
  expect((await originalEntry).ok()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Deposit' })).toBeVisible();
  await expect(page.getByTestId('unavailable')).toHaveCount(0);
  // It rendered and stayed up (no fallback to the newer one): the shell remembers it as good.
  const lastGood = () => page.evaluate(() => localStorage.getItem('mchezo:last-good-version:wallet'));
  await expect.poll(lastGood).toContain(`/remotes/wallet/${original}/`);
  expect(await isSameTab(page)).toBe(true);
});
