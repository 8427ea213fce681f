/**
 * The staff site's release audit tools (docs/decisions/021-release-decisions-survive-restarts.md):
 * one remote rolled back on its own to an earlier revision, the overrides issued to testers in
 * the history, and the live files' integrity check, with a tampered file flagged and left out of
 * what browsers get; and an old version retired from the staff site (decision 058), on a phone
 * in Kiswahili: listed as retired, its files no longer served.
 * Runs after releases.spec.ts (its own project): it changes the live release too.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import {
  integrityOf,
  RELEASE_MANAGER_PHONE,
  releaseManager,
  releaseManagerToken,
} from '../support/releases.ts';
import {
  consoleErrors,
  expectAccessible,
  openSignedIn,
  shot,
  t,
  useStaffLanguage,
} from '../support/staff-site.ts';
import { expect, test } from '../support/test.ts';

const CDN = join(import.meta.dirname, '..', '..', 'build', 'cdn');
let token = '';

async function call(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await request.fetch(`/api/v1${path}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}
const revision = async (request: APIRequestContext) =>
  (await call(request, 'GET', '/releases/remotes')).revision;
const change = async (request: APIRequestContext, path: string, body: Record<string, unknown> = {}) =>
  call(request, 'POST', `/releases${path}`, {
    base_revision: await revision(request),
    reason: 'e2e: release-audit',
    ...body,
  });

/** A string of the staff site's Releases screens, in English. */
const r = (key: string, values: Record<string, string | number> = {}) => t('en', `releases:${key}`, values);

test.beforeAll(async ({ request }) => {
  token = await releaseManagerToken(request);
});

test('the staff site rolls back one remote, lists overrides and flags a tampered live file', async ({
  page,
  request,
}) => {
  // The release manager's sign-in may wait for their authenticator's next code (a code is taken once).
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  const profile = (await call(request, 'GET', '/releases/remotes')).remotes.find(
    (r: { name: string }) => r.name === 'profile',
  );
  // Revision `off` has the profile disabled; the one after, enabled again.
  const off = (await change(request, '/remotes/profile/disable')).revision;
  await change(request, '/remotes/profile/enable');
  await call(request, 'POST', '/releases/overrides', {
    remote: 'profile',
    version: profile.active,
    minutes: 5,
    reason: 'e2e: QA of the profile page',
  });

  const file = join(CDN, 'remotes', 'profile', profile.active, 'mf-manifest.json');
  const original = readFileSync(file);
  try {
    await openSignedIn(page, '/releases/history', releaseManager(page.request), 'en');
    const overrides = page.getByRole('figure', { name: r('history.overrides') });
    await expect(overrides).toContainText(`profile ${profile.active}`);
    await expect(overrides).toContainText('e2e: QA of the profile page');
    await page.getByRole('link', { name: r('health.back') }).click();
    const integrity = page.getByRole('region', { name: r('integrity.title') });
    await expect(integrity.getByRole('status')).toContainText(r('integrity.ok'));

    // One remote on its own: the profile back to its state at revision `off`.
    const card = page.getByRole('region', { name: 'profile', exact: true });
    await card.getByRole('button', { name: r('actions.rollback') }).click();
    const dialog = page.getByRole('dialog', { name: r('rollback.title', { remote: 'profile' }) });
    await dialog.getByLabel(r('rollback.revision')).fill(String(off));
    await dialog.getByLabel(t('en', 'common:reason.label')).fill('e2e: profile off again');
    await dialog.getByRole('button', { name: r('rollback.confirm') }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText(r('card.off'), { exact: true })).toBeVisible();
    const history = await call(request, 'GET', '/releases/history?limit=1');
    expect(history.revisions[0].action).toBe(`roll back profile to revision ${off} (${profile.active})`);
    await change(request, '/remotes/profile/enable');

    // A changed live file: flagged on the screen, and the profile is served disabled.
    writeFileSync(file, Buffer.concat([original, Buffer.from(' ')]));
    await integrity.getByRole('button', { name: r('integrity.check') }).click();
    await expect(integrity.getByRole('status')).toContainText(r('integrity.failing_one', { count: 1 }));
    await expect(integrity.getByRole('listitem')).toContainText(
      `profile ${profile.active}: integrity mismatch (changed since publish): mf-manifest.json`,
    );
    await card.getByText(/published version/).click();
    await expect(card.getByText(r('versions.failing'))).toBeVisible();
    // Readable on a small phone: nothing scrolls sideways at 360 px.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const served = await (await request.get('/api/v1/releases/manifest')).json();
    expect(served.remotes.profile.enabled).toBe(false);
    const health = await call(request, 'GET', '/releases/health');
    expect(health.integrity.ok).toBe(false);

    writeFileSync(file, original);
    await integrity.getByRole('button', { name: r('integrity.check') }).click();
    await expect(integrity.getByRole('status')).toContainText(r('integrity.ok'));
    expect((await (await request.get('/api/v1/releases/manifest')).json()).remotes.profile.enabled).toBe(
      true,
    );
    expect(errors.unexpected([401])).toEqual([]);
  } finally {
    writeFileSync(file, original);
    await call(request, 'POST', '/releases/integrity/check');
    const now = (await call(request, 'GET', '/releases/remotes')).remotes.find(
      (r: { name: string }) => r.name === 'profile',
    );
    if (!now.enabled) await change(request, '/remotes/profile/enable');
  }
});

test('the staff site retires an old version on a phone: listed as retired, its files no longer served', async ({
  page,
  request,
}, testInfo) => {
  // The release manager's sign-in may wait for their authenticator's next code (a code is taken once).
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  const sw = (key: string, values: Record<string, string | number> = {}) =>
    t('sw', `releases:${key}`, values);
  const profile = async () =>
    (await call(request, 'GET', '/releases/remotes')).remotes.find(
      (r: { name: string }) => r.name === 'profile',
    );
  const active = (await profile()).active as string;
  // A byte-identical copy of the live profile under a new name: a build nobody needs.
  const copy = `${active}-old-${randomBytes(3).toString('hex')}`;
  const folder = join(CDN, 'remotes', 'profile', copy);
  cpSync(join(CDN, 'remotes', 'profile', active), folder, { recursive: true });
  const mf = JSON.parse(readFileSync(join(folder, 'mf-manifest.json'), 'utf8'));
  const remoteEntry = `/remotes/profile/${copy}/${mf.metaData.remoteEntry.name}`;
  try {
    await call(request, 'POST', '/releases/remotes/profile/versions', {
      version: copy,
      integrity: integrityOf(folder),
      reason: 'e2e: a build to retire',
    });
    expect((await request.get(`/remotes/profile/${copy}/mf-manifest.json`)).status()).toBe(200);
    expect((await request.get(remoteEntry)).status()).toBe(200);

    await page.setViewportSize({ width: 390, height: 844 });
    await useStaffLanguage(page, 'sw');
    await openSignedIn(page, '/releases', releaseManager(page.request), 'sw');
    const card = page.getByRole('region', { name: 'profile', exact: true });
    await card.locator('summary').click();
    const item = card.getByRole('listitem').filter({ hasText: copy });
    // The live version has no Retire button; the copy has one.
    await expect(
      item.getByRole('button', { name: sw('versions.retireNamed', { version: copy }) }),
    ).toBeVisible();
    await expect(
      card.getByRole('button', { name: sw('versions.retireNamed', { version: active }), exact: true }),
    ).toHaveCount(0);
    await shot(page, testInfo, 'release-retire-button', 'sw');
    await item.getByRole('button', { name: sw('versions.retireNamed', { version: copy }) }).click();
    const dialog = page.getByRole('dialog', {
      name: sw('retire.title', { remote: 'profile', version: copy }),
    });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(t('sw', 'common:reason.label'))).toBeFocused();
    // No reason: refused in the dialog, nothing sent.
    await dialog.getByRole('button', { name: sw('retire.confirm') }).click();
    await expect(dialog.getByText(t('sw', 'common:reason.tooShort'))).toBeVisible();
    expect(
      (await profile()).versions.find((v: { version: string }) => v.version === copy).retired_at,
    ).toBeNull();
    await expectAccessible(page, 'retire dialog');
    await shot(page, testInfo, 'release-retire-dialog', 'sw');
    await dialog.getByLabel(t('sw', 'common:reason.label')).fill('e2e: nakala ambayo haihitajiki');
    await dialog.getByRole('button', { name: sw('retire.confirm') }).click();
    await expect(dialog).toBeHidden();

    // Listed as retired, with who, when and why, and no button; the focus on it.
    await expect(item.getByText(sw('versions.retired'), { exact: true })).toBeVisible();
    await expect(
      item.getByText(sw('versions.retiredWhy', { reason: 'e2e: nakala ambayo haihitajiki' })),
    ).toBeVisible();
    await expect(item).toContainText(RELEASE_MANAGER_PHONE);
    await expect(item.getByRole('button')).toHaveCount(0);
    await expect(item).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'releases with a retired version');
    await shot(page, testInfo, 'release-retired', 'sw');

    // Its files: gone from the store, no longer served; it never goes live again.
    expect(existsSync(folder)).toBe(false);
    expect((await request.get(`/remotes/profile/${copy}/mf-manifest.json`)).status()).toBe(404);
    expect((await request.get(remoteEntry)).status()).toBe(404);
    expect((await profile()).versions.find((v: { version: string }) => v.version === copy)).toMatchObject({
      retired_by: RELEASE_MANAGER_PHONE,
      retire_reason: 'e2e: nakala ambayo haihitajiki',
    });
    const activate = await request.post('/api/v1/releases/remotes/profile/activate', {
      data: { version: copy, base_revision: await revision(request), reason: 'e2e' },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(activate.status()).toBe(409);
    expect((await activate.json()).code).toBe('VERSION_RETIRED');
    expect((await profile()).active).toBe(active);
    expect(errors.unexpected([401])).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
