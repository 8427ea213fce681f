/**
 * The release page's audit tools (docs/decisions/021-release-decisions-survive-restarts.md): one
 * remote rolled back on its own from the history, the overrides issued to testers, and the live
 * files' integrity check, with a tampered file flagged and left out of what browsers get.
 * Runs after releases.spec.ts (its own project): it changes the live release too.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  RELEASE_MANAGER_PASSWORD,
  RELEASE_MANAGER_PHONE,
  releaseManagerCode,
  releaseManagerToken,
} from '../support/releases.ts';
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

async function signIn(page: Page) {
  await page.goto('/api/v1/releases/console');
  await page.getByLabel('Phone number').fill(RELEASE_MANAGER_PHONE);
  await page.getByLabel('Password').fill(RELEASE_MANAGER_PASSWORD);
  await page.getByLabel('Code from your authenticator app').fill(await releaseManagerCode(page.request));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('status')).toHaveText('Signed in.');
}

test.beforeAll(async ({ request }) => {
  token = await releaseManagerToken(request);
});

test('the release page rolls back one remote, lists overrides and flags a tampered live file', async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
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
    await signIn(page);
    const integrity = page.locator('#integrity');
    await expect(integrity).toContainText('All live files as published');
    await expect(page.locator('#overrides')).toContainText(`Override profile ${profile.active}`);
    await expect(page.locator('#overrides')).toContainText('why: e2e: QA of the profile page');

    // One remote, from the history: the profile back to its disabled state only.
    const entry = page.locator(`#history [data-revision="${off}"]`);
    await entry.getByRole('button', { name: `Roll back profile to revision ${off}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Roll back profile only, to revision ${off}`);
    await dialog.getByLabel('Reason (required)').fill('e2e: profile off again');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('status')).toContainText(
      `roll back profile to revision ${off} (${profile.active})`,
    );
    const card = page.locator('article[data-remote="profile"]');
    await expect(card.locator('[data-field="state"]')).toHaveText('Disabled');
    await change(request, '/remotes/profile/enable');

    // A changed live file: flagged on the page, and the profile is served disabled.
    writeFileSync(file, Buffer.concat([original, Buffer.from(' ')]));
    await page.getByRole('button', { name: 'Check files now' }).click();
    await expect(integrity).toContainText('Files changed since publish: 1 version is not offered to players');
    await expect(integrity).toContainText(`profile ${profile.active}`);
    await expect(integrity).toContainText('integrity mismatch (changed since publish): mf-manifest.json');
    await expect(card.locator('[data-field="files"]')).toContainText(`Failing: ${profile.active}`);
    // Readable on a small phone: nothing scrolls sideways at 360 px.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const served = await (await request.get('/api/v1/releases/manifest')).json();
    expect(served.remotes.profile.enabled).toBe(false);
    const health = await call(request, 'GET', '/releases/health');
    expect(health.integrity.ok).toBe(false);

    writeFileSync(file, original);
    await page.getByRole('button', { name: 'Check files now' }).click();
    await expect(page.getByRole('status')).toHaveText('Files checked: all as published.');
    await expect(integrity).toContainText('All live files as published');
    expect((await (await request.get('/api/v1/releases/manifest')).json()).remotes.profile.enabled).toBe(
      true,
    );
    expect(errors).toEqual([]);
  } finally {
    writeFileSync(file, original);
    await call(request, 'POST', '/releases/integrity/check');
    const now = (await call(request, 'GET', '/releases/remotes')).remotes.find(
      (r: { name: string }) => r.name === 'profile',
    );
    if (!now.enabled) await change(request, '/remotes/profile/enable');
  }
});
