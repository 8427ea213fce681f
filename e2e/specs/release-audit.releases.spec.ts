/**
 * The staff site's release audit tools (docs/decisions/021-release-decisions-survive-restarts.md):
 * one remote rolled back on its own to an earlier revision, the overrides issued to testers in
 * the history, and the live files' integrity check, with a tampered file flagged and left out of
 * what browsers get.
 * Runs after releases.spec.ts (its own project): it changes the live release too.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { releaseManager, releaseManagerToken } from '../support/releases.ts';
import { consoleErrors, openSignedIn, t } from '../support/staff-site.ts';
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
