/**
 * The shell survives its remotes (docs/decisions/002-every-remote-slot-fails-soft.md): for each way
 * a remote can fail, the shell renders, that route shows "Unavailable" with a retry, every other
 * route works and the failure is reported.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { editBootData } from '../support/boot-data.ts';
import {
  closedPortUrl,
  overrideManifest,
  serveFixture,
  startHangingServer,
  trackErrorReports,
} from '../support/federation.ts';
import { homeLoaded } from '../support/first-screen.ts';
import { sitePaths } from '../support/routes.ts';
import { playerForAll, signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const THROWING_REMOTE = join(import.meta.dirname, '..', 'fixtures', 'throwing-remote', 'dist', 'federated');

async function expectShellAlive(page: Page) {
  await expect(page.getByRole('banner')).toContainText('Mchezo');
  await expect(page.getByRole('contentinfo')).toContainText('Gambling Regulatory Authority of Kenya');
}

/**
 * `timeout`: how long the failure may take to show. A hung script is given up after
 * REQUEST_TIMEOUT_MS (4 s, shell/src/federation/timeouts.ts) per script the remote needs, after the
 * page itself loaded: more than the 7 s default on a busy machine.
 */
async function expectHomeUnavailable(page: Page, timeout?: number) {
  const unavailable = page.getByTestId('unavailable');
  await expect(unavailable).toBeVisible({ timeout });
  await expect(unavailable).toHaveAttribute('data-reason', 'failed');
  await expect(page.getByRole('heading', { name: 'Unavailable' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
}

/** Another remote's route and a shell-only route still work. */
async function expectOtherRoutesWork(page: Page) {
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
}

test.describe('a failing lobby remote', () => {
  test('remote server down', async ({ page }) => {
    const reports = await trackErrorReports(page);
    const down = await closedPortUrl();
    await overrideManifest(page, (m) => {
      m.remotes.lobby!.entry = `${down}/remotes/lobby/1.0.0/mf-manifest.json`;
    });
    await page.goto('/');
    await expectShellAlive(page);
    await expectHomeUnavailable(page);
    expect((await reports()).some((r) => r.context.remote === 'lobby' && r.context.phase === 'load')).toBe(
      true,
    );
    await expectOtherRoutesWork(page);
  });

  test('remote manifest (entry) 404', async ({ page }) => {
    const reports = await trackErrorReports(page);
    await overrideManifest(page, (m) => {
      m.remotes.lobby!.entry = '/remotes/lobby/0.0.0-missing/mf-manifest.json';
    });
    await page.goto('/');
    await expectShellAlive(page);
    await expectHomeUnavailable(page);
    expect((await reports()).some((r) => r.context.remote === 'lobby')).toBe(true);
    await expectOtherRoutesWork(page);
  });

  test('remote server that never answers', async ({ page }) => {
    const hanging = await startHangingServer();
    try {
      const reports = await trackErrorReports(page);
      await overrideManifest(page, (m) => {
        m.remotes.lobby!.entry = `${hanging.url}/mf-manifest.json`;
      });
      await page.goto('/');
      await expectShellAlive(page);
      // The shell's own deadline is 5 s (unit-tested with fake timers); this only bounds the test.
      await expectHomeUnavailable(page);
      expect((await reports()).some((r) => r.context.remote === 'lobby')).toBe(true);
      await expectOtherRoutesWork(page);
    } finally {
      await hanging.close();
    }
  });

  test('an exposed chunk 404s', async ({ page }) => {
    const reports = await trackErrorReports(page);
    await page.route('**/remotes/lobby/**/__federation_expose_HomePage*.js', (route) =>
      route.fulfill({ status: 404, body: 'gone' }),
    );
    await page.goto('/');
    await expectShellAlive(page);
    await expectHomeUnavailable(page);
    expect((await reports()).some((r) => r.context.remote === 'lobby')).toBe(true);
    await expectOtherRoutesWork(page);
  });

  test('a remote that throws while rendering', async ({ page }) => {
    const reports = await trackErrorReports(page);
    const entry = await serveFixture(page, 'throwing-lobby', THROWING_REMOTE);
    await overrideManifest(page, (m) => {
      m.remotes.lobby = { version: '0.0.0-throwing', entry, enabled: true };
    });
    await page.goto('/');
    await expectShellAlive(page);
    await expectHomeUnavailable(page);
    const rendered = (await reports()).filter(
      (r) => r.context.remote === 'lobby' && r.context.phase === 'render',
    );
    expect(rendered[0]?.message).toContain('Deliberate render failure');
    await expectOtherRoutesWork(page);
  });

  test('retry loads the remote once it is back', async ({ page }) => {
    // Its manifest is not in the page (as when the site could not read it) and is down.
    await editBootData(page, (boot) => {
      delete boot.files;
    });
    let broken = true;
    await page.route('**/remotes/lobby/**/mf-manifest.json', (route) =>
      broken ? route.fulfill({ status: 503, body: 'down for maintenance' }) : route.fallback(),
    );
    await page.goto('/');
    await expectHomeUnavailable(page);
    broken = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await homeLoaded(page);
    await expect(page.getByTestId('unavailable')).toHaveCount(0);
  });

  test('retry after the scripts hung fetches them again and loads the remote', async ({ page }) => {
    // The script request hangs (no answer at all) until the test lets it through.
    let hanging = true;
    const requested: string[] = [];
    await page.route(/\/remotes\/lobby\/.*\.js(\?.*)?$/, (route) => {
      const url = new URL(route.request().url());
      requested.push(url.pathname + url.search);
      if (!hanging) return route.fallback();
      // Never answered: as a phone on a dead connection sees it.
    });
    await page.goto('/');
    await expectHomeUnavailable(page, 20_000);
    const before = requested.length;
    expect(before).toBeGreaterThan(0);
    hanging = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await homeLoaded(page);
    await expect(page.getByTestId('unavailable')).toHaveCount(0);
    expect(requested.length).toBeGreaterThan(before);
  });
});

test.describe('the release manifest', () => {
  // One test per page: each is one page's work under its own time-out.
  test.describe('a disabled remote shows Unavailable on its routes and hides its nav items', () => {
    const player = playerForAll();
    test.beforeEach(async ({ page }) => {
      await signIn(page, player());
      await overrideManifest(page, (m) => {
        m.remotes.wallet!.enabled = false;
      });
    });

    test('its nav items are hidden; the lobby is unaffected', async ({ page }) => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Deposit' })).toHaveCount(0);
      await expect(nav.getByRole('link', { name: 'Withdraw' })).toHaveCount(0);
      // The lobby is unaffected, but its deposit promo leads nowhere now: hidden.
      await homeLoaded(page);
      await expect(page.getByText('Deposit with mobile money and start playing right away.')).toHaveCount(0);
      await expect(page.getByText('Spin to win')).toBeVisible();
    });

    // Its routes say so, with no retry (switched off is not a failure).
    for (const path of sitePaths((route) => route.remote === 'wallet'))
      test(`${path} says so, with no retry`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByTestId('unavailable')).toHaveAttribute('data-reason', 'disabled');
        await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
      });

    test('another signed-in route still works', async ({ page }) => {
      await page.goto('/profile');
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await expect(page.getByTestId('unavailable')).toHaveCount(0);
    });
  });

  test('a manifest that cannot load, with no earlier copy, leaves the shell working', async ({ page }) => {
    await editBootData(page, (boot) => {
      delete boot.release;
    });
    await page.route(`**/api/v1/releases/manifest`, (route) =>
      route.fulfill({ status: 500, json: { error: 'boom' } }),
    );
    await page.goto('/');
    await expectShellAlive(page);
    await expectHomeUnavailable(page);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  });

  test('a manifest outage falls back to the last manifest that loaded', async ({ page }) => {
    await page.goto('/');
    await homeLoaded(page);
    await editBootData(page, (boot) => {
      delete boot.release;
    });
    await page.route(`**/api/v1/releases/manifest`, (route) =>
      route.fulfill({ status: 500, json: { error: 'boom' } }),
    );
    await page.reload();
    await homeLoaded(page);
  });
});
