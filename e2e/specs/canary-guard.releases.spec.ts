/**
 * The canary guard against the real server (docs/decisions/023-canary-guard.md), with players'
 * real page visits: the shell's beacon counts each lobby load, the SDK reports each render error.
 * (a) A lobby build that throws on render, set as a guarded canary, is aborted by the guard long
 * before its step is over; the abort, with its figures, is in the staff site's history and on the
 * remote's card;
 * the canary's players get the active version again. (b) A healthy copy of the active lobby
 * ramps 10% -> 50% -> promoted, each move a revision by "canary-guard". (c) A copy of the
 * active auth version whose page waits before rendering (its entry holds the main thread) is
 * aborted by the guard's speed limit on its players' real LCP (decision 051), while a faithful copy
 * under the same limit ramps; the staff site's health page shows p75 LCP per version.
 * (d) Client ids a script mints with one request each, every load failing, are left out: a
 * healthy canary still ramps, and the staff site's health page (at a phone's width) says how
 * many unproven browsers the guard left out, and why it moved (decision 060).
 * Its own project, after every other spec (playwright.config.ts): the guard changes the live release by itself.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { type Browser, type Page, request as requests } from '@playwright/test';
import { canaryBucket } from '../../shared/contracts/src/canary-bucket.ts';
import { homeLoaded } from '../support/first-screen.ts';
import { vitalsMeasured } from '../support/paint.ts';
import { CDN, guardApi, integrityOf, type RemoteStatus, releaseManager } from '../support/releases.ts';
import { openSignedIn, shot, t } from '../support/staff-site.ts';
import { expect, test } from '../support/test.ts';

test.describe.configure({ mode: 'serial' });

const LOBBY = join(CDN, 'remotes', 'lobby');

/** A browser id whose lobby bucket is under `percent` (the canary's) or not. */
function deviceId(percent: number, canary: boolean): string {
  for (;;) {
    const id = `e2e-guard-${randomBytes(6).toString('hex')}`;
    if (canaryBucket(id, 'lobby') < percent === canary) return id;
  }
}

/**
 * One player's visit to the home page in a fresh browser, as `deviceId`: answers the lobby
 * versions the page fetched once `ready` holds, then leaves the page (its beacon goes out then).
 * `ready` gets the number of error reports the page has had stored so far.
 */
async function visit(
  browser: Browser,
  id: string,
  ready: (page: Page, reports: () => number) => Promise<void>,
) {
  const context = await browser.newContext();
  await context.addInitScript((device) => localStorage.setItem('mchezo:device-id', device), id);
  const page = await context.newPage();
  const versions = new Set<string>();
  let reports = 0;
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/remotes/lobby/')) versions.add(path.split('/')[3] as string);
  });
  page.on('response', (r) => {
    if (r.url().endsWith('/api/v1/errors/envelope') && r.ok()) reports++;
  });
  await page.goto('/');
  await ready(page, () => reports);
  await page.goto('about:blank');
  await context.close();
  return [...versions];
}

/** A string of the staff site's Releases screens, in English. */
const r = (key: string, values: Record<string, string | number> = {}) => t('en', `releases:${key}`, values);

/**
 * One chart of a remote's health page as a table (its "Show as table"), and the figures of one
 * version's column (`version (role)`), top to bottom.
 */
async function chartColumn(page: Page, chart: string, version: string, role: 'active' | 'canary') {
  const region = page.getByRole('region', { name: r(chart), exact: true }).first();
  // "Show as table" / "Show as chart": pressed while the table shows.
  const toggle = region.getByRole('button', { name: t('en', 'common:chart.showTable') });
  const asTable = region.getByRole('button', { name: t('en', 'common:chart.showChart'), pressed: true });
  await expect(toggle.or(asTable)).toBeVisible();
  if (await toggle.isVisible()) await toggle.click();
  // Each cell carries its column's header (the label a phone's card shows): `version (role)`.
  const cells = region.locator(`table tbody td[data-label="${version} (${r(`health.role.${role}`)})"]`);
  await expect(cells.first()).toBeVisible();
  return cells.allTextContents();
}

test('a canary that throws on render is aborted by its guard; its players are back on the active version', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await guardApi(request);
  const good = (await api.lobby()).active as string;
  const broken = `0.0.2-guarded-${randomBytes(3).toString('hex')}`;
  const folder = join(LOBBY, broken);
  cpSync(join(import.meta.dirname, '..', 'fixtures', 'throwing-remote', 'dist', 'federated'), folder, {
    recursive: true,
  });
  try {
    await api.ok('POST', '/releases/remotes/lobby/versions', {
      version: broken,
      integrity: integrityOf(folder),
      reason: 'e2e: a build that throws',
    });
    // A 10-minute step: only the guard's abort can end it within this test.
    const started = await api.change('/remotes/lobby/canary', {
      version: broken,
      percent: 50,
      plan: { ramp: [90], step_minutes: 10, max_error_rate_increase: 0.2, min_loads: 3 },
    });
    for (let i = 0; i < 3; i++) {
      const seen = await visit(browser, deviceId(50, true), async (p, reports) => {
        // The Unavailable page (no version worked here before), and the render error's report.
        await expect(p.getByTestId('unavailable')).toBeVisible();
        await expect.poll(reports, { timeout: 20_000 }).toBeGreaterThan(0);
      });
      expect(seen).toContain(broken);
    }
    for (let i = 0; i < 2; i++) expect(await visit(browser, deviceId(50, false), homeLoaded)).toEqual([good]);

    await expect.poll(async () => (await api.lobby()).plan?.status, { timeout: 30_000 }).toBe('aborted');
    const lobby = await api.lobby();
    expect(lobby.canary).toBeNull();
    expect(lobby.active).toBe(good);
    const abort = (await api.ok('GET', '/releases/history?limit=5')).revisions.find(
      (r: { action: string }) => r.action === `abort lobby canary ${broken}`,
    );
    expect(abort.author).toBe('canary-guard');
    // As soon as the canary had its 3 loads and was worse by more than 20 points.
    const figures = new RegExp(
      `^canary ${broken} error rate [\\d.]+% \\((\\d+)/(\\d+) loads\\) vs active 0% \\(0/\\d+\\) over \\d+ s: aborted$`,
    ).exec(abort.reason);
    expect(figures, abort.reason).not.toBeNull();
    const [bad, loads] = [Number(figures?.[1]), Number(figures?.[2])];
    expect(loads).toBeGreaterThanOrEqual(3);
    expect(bad / loads).toBeGreaterThan(0.2);
    // Within the first step: 10 minutes were allowed, the figures took seconds.
    expect(Date.parse(abort.created_at) - Date.parse(started.created_at)).toBeLessThan(60_000);

    // The staff site: the abort in the history, with the guard's figures, and on the lobby's card.
    await openSignedIn(page, '/releases/history', releaseManager(page.request), 'en');
    const entry = page.getByRole('listitem', { name: r('history.revision', { revision: abort.revision }) });
    await expect(entry).toContainText(`abort lobby canary ${broken}`);
    await expect(entry).toContainText(r('history.by', { by: 'canary-guard' }));
    await expect(entry).toContainText(abort.reason);
    await page.getByRole('link', { name: r('health.back') }).click();
    const card = page.getByRole('region', { name: 'lobby', exact: true });
    await expect(card).toContainText(r('plan.titleOf', { version: broken }));
    await expect(card).toContainText(r('plan.status.aborted'));
    await expect(card).toContainText(abort.reason);

    // A player under the canary's bucket gets the active version again, and it works.
    expect(await visit(browser, deviceId(50, true), homeLoaded)).toEqual([good]);
  } finally {
    if ((await api.lobby()).canary) await api.change('/remotes/lobby/canary/abort');
    rmSync(folder, { recursive: true, force: true });
  }
});

test('a healthy canary ramps through its steps to promoted', async ({ browser, page, request }) => {
  test.setTimeout(150_000);
  const api = await guardApi(request);
  const good = (await api.lobby()).active as string;
  // A byte-identical copy of the active lobby under another name: healthy by construction.
  const copy = `${good}-guarded-${randomBytes(3).toString('hex')}`;
  const folder = join(LOBBY, copy);
  cpSync(join(LOBBY, good), folder, { recursive: true });
  try {
    await api.ok('POST', '/releases/remotes/lobby/versions', {
      version: copy,
      integrity: integrityOf(folder),
      reason: 'e2e: a healthy build',
    });
    await api.change('/remotes/lobby/canary', {
      version: copy,
      percent: 10,
      plan: { ramp: [50], step_minutes: 0.25, max_error_rate_increase: 0.05, min_loads: 2 },
    });
    for (let i = 0; i < 2; i++) expect(await visit(browser, deviceId(10, true), homeLoaded)).toEqual([copy]);
    expect(await visit(browser, deviceId(10, false), homeLoaded)).toEqual([good]);
    await expect.poll(async () => (await api.lobby()).canary?.percent, { timeout: 40_000 }).toBe(50);

    // The staff site: the plan at its second step on the card, both versions' loads on the
    // health page.
    await openSignedIn(page, '/releases', releaseManager(page.request), 'en');
    const card = page.getByRole('region', { name: 'lobby', exact: true });
    await expect(card).toContainText(r('card.canaryAt', { version: copy, percent: 50 }));
    await expect(card).toContainText(r('plan.status.running'));
    await expect(
      card.getByRole('list', { name: r('plan.steps') }).locator('[aria-current="step"]'),
    ).toHaveText('50%');
    await card.getByRole('link', { name: r('actions.health') }).click();
    const loads = async (version: string, role: 'active' | 'canary') =>
      (await chartColumn(page, 'health.loads', version, role)).reduce((n, v) => n + Number(v || 0), 0);
    // Read again every 5 s while the canary runs.
    await expect.poll(() => loads(copy, 'canary'), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => loads(good, 'active'), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

    // Players of the 50% step: once the step is over and counted, the guard promotes.
    for (let i = 0; i < 2; i++) expect(await visit(browser, deviceId(50, true), homeLoaded)).toEqual([copy]);
    await expect.poll(async () => (await api.lobby()).plan?.status, { timeout: 40_000 }).toBe('promoted');
    const lobby = await api.lobby();
    expect(lobby.active).toBe(copy);
    expect(lobby.canary).toBeNull();
    const byGuard = (await api.ok('GET', '/releases/history?limit=5')).revisions
      .filter((r: { author: string }) => r.author === 'canary-guard')
      .slice(0, 2)
      .map((r: { action: string; reason: string }) => [r.action, r.reason.replace(/over \d+ s/, 'over N s')]);
    expect(byGuard).toEqual([
      [
        `promote lobby canary ${copy}`,
        expect.stringMatching(/^canary .* error rate 0% \(0\/\d+ loads\) vs active 0% .*: promoted$/),
      ],
      [`canary lobby ${copy} 50%`, expect.stringMatching(/: 10% -> 50%$/)],
    ]);
  } finally {
    const lobby: RemoteStatus = await api.lobby();
    if (lobby.canary) await api.change('/remotes/lobby/canary/abort');
    if (lobby.active !== good) await api.change('/remotes/lobby/activate', { version: good });
    rmSync(folder, { recursive: true, force: true });
  }
});

const AUTH = join(CDN, 'remotes', 'auth');

/** A browser id whose auth bucket is under `percent` (the canary's) or not. */
function authDeviceId(percent: number, canary: boolean): string {
  for (;;) {
    const id = `e2e-speed-${randomBytes(6).toString('hex')}`;
    if (canaryBucket(id, 'auth') < percent === canary) return id;
  }
}

/**
 * Makes a copy of a version slow on purpose: its entry script first holds the main thread for
 * `ms`, so the page it renders (and its largest paint) comes that much later. The precompressed
 * copies are written again from the changed script, as the build writes them.
 */
function slowDown(folder: string, ms: number): void {
  const { metaData } = JSON.parse(readFileSync(join(folder, 'mf-manifest.json'), 'utf8'));
  const file = join(folder, metaData.remoteEntry.path ?? '', metaData.remoteEntry.name);
  const hold = `(function(){var t=Date.now();while(Date.now()-t<${ms}){}})();`;
  const script = Buffer.from(hold + readFileSync(file, 'utf8'));
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script));
}

/**
 * One guest's visit to the reset-password page (an auth page the HTML paints nothing of first)
 * in a fresh browser as `deviceId`: once the page is up and its vitals are being measured, a tap
 * (an interaction for INP), then the page is left, which sends its vitals. Answers the auth
 * versions the page fetched.
 */
async function speedVisit(
  browser: Browser,
  id: string,
  /** The LCP page views release health has counted for an auth version so far. */
  counted: (version: string) => Promise<number>,
): Promise<string[]> {
  const context = await browser.newContext();
  await context.addInitScript((device) => localStorage.setItem('mchezo:device-id', device), id);
  const page = await context.newPage();
  const versions = new Set<string>();
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/remotes/auth/')) versions.add(path.split('/')[3] as string);
  });
  await page.goto('/forgot-password');
  // A slow copy's page comes seconds late: wait for it, however long the busy machine takes.
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible({ timeout: 30_000 });
  await vitalsMeasured(page);
  await page.getByRole('heading', { name: 'Reset Password' }).click();
  const [version] = [...versions];
  const before = await counted(version as string);
  await page.goto('about:blank');
  // Counted once the beacon the page sent as it was left has arrived.
  await expect.poll(() => counted(version as string), { timeout: 20_000 }).toBe(before + 1);
  await context.close();
  return [...versions];
}

test('a canary slow to render is aborted by its speed limit while a healthy one ramps; the staff site shows p75 LCP per version', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const api = await guardApi(request);
  const authStatus = async (): Promise<RemoteStatus> =>
    (await api.ok('GET', '/releases/remotes')).remotes.find((r: RemoteStatus) => r.name === 'auth');
  const vitalsOf = async (version: string) =>
    (await api.ok('GET', '/releases/health?minutes=60')).versions.find(
      (v: { remote: string; version: string }) => v.remote === 'auth' && v.version === version,
    )?.vitals;
  const counted = async (version: string): Promise<number> => (await vitalsOf(version))?.lcp.samples ?? 0;
  const good = (await authStatus()).active as string;
  const tag = randomBytes(3).toString('hex');
  const slow = `${good}-slow-${tag}`;
  const healthy = `${good}-same-${tag}`;
  for (const version of [slow, healthy]) cpSync(join(AUTH, good), join(AUTH, version), { recursive: true });
  slowDown(join(AUTH, slow), 4000);
  // At most 1.5 s slower at p75 LCP than the active version, judged on 2 page views a side: room
  // for a busy machine's noise between two identical builds, not for a 4 s hold (which stays under
  // the shell's 5 s deadline for a remote, so the page is slow, not unavailable).
  const limit = {
    max_lcp_p75_increase_ms: 1500,
    min_vitals_samples: 2,
    max_error_rate_increase: 0.5,
    min_loads: 2,
  };
  try {
    for (const version of [slow, healthy])
      await api.ok('POST', '/releases/remotes/auth/versions', {
        version,
        integrity: integrityOf(join(AUTH, version)),
        reason: 'e2e: speed limit',
      });

    // (1) The slow copy, guarded with a 10-minute step: only the speed limit can end it here.
    await api.change('/remotes/auth/canary', {
      version: slow,
      percent: 50,
      plan: { ramp: [90], step_minutes: 10, ...limit },
    });
    for (let i = 0; i < 2; i++)
      expect(await speedVisit(browser, authDeviceId(50, true), counted)).toContain(slow);
    for (let i = 0; i < 2; i++)
      expect(await speedVisit(browser, authDeviceId(50, false), counted)).toEqual([good]);
    await expect.poll(async () => (await authStatus()).plan?.status, { timeout: 30_000 }).toBe('aborted');
    const abort = (await api.ok('GET', '/releases/history?limit=5')).revisions.find(
      (r: { action: string }) => r.action === `abort auth canary ${slow}`,
    );
    expect(abort.author).toBe('canary-guard');
    expect(abort.reason).toMatch(
      /p75 LCP \d+ ms \(\d+\) vs \d+ ms \(\d+\), at most \+1500 ms.*: aborted, LCP too slow$/,
    );
    const slowLcp = (await vitalsOf(slow)).lcp;
    const goodLcp = (await vitalsOf(good)).lcp;
    test.info().annotations.push({ type: 'speed-limit abort', description: abort.reason });
    expect(slowLcp.p75 - goodLcp.p75).toBeGreaterThan(1500);

    // (2) A faithful copy under the same limit: as fast as the active, it moves on to 50%.
    await api.change('/remotes/auth/canary', {
      version: healthy,
      percent: 10,
      plan: { ramp: [50], step_minutes: 0.25, ...limit },
    });
    for (let i = 0; i < 2; i++)
      expect(await speedVisit(browser, authDeviceId(10, true), counted)).toEqual([healthy]);
    for (let i = 0; i < 2; i++)
      expect(await speedVisit(browser, authDeviceId(10, false), counted)).toEqual([good]);
    await expect.poll(async () => (await authStatus()).canary?.percent, { timeout: 60_000 }).toBe(50);
    expect((await authStatus()).plan?.status).toBe('running');

    // The staff site: the plan's speed limit on the card, p75 LCP per version on the health page.
    await openSignedIn(page, '/releases', releaseManager(page.request), 'en');
    const card = page.getByRole('region', { name: 'auth', exact: true });
    await expect(card).toContainText(r('plan.lcpLimit', { ms: 1500 }));
    await card.getByRole('link', { name: r('actions.health') }).click();
    const measured = async (version: string, role: 'active' | 'canary') =>
      (await chartColumn(page, 'health.lcp', version, role)).filter((v) => /^\d+ ms$/.test(v.trim()));
    await expect
      .poll(async () => (await measured(healthy, 'canary')).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(async () => (await measured(good, 'active')).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
  } finally {
    const auth = await authStatus();
    if (auth.canary) await api.change('/remotes/auth/canary/abort');
    if (auth.active !== good) await api.change('/remotes/auth/activate', { version: good });
    for (const version of [slow, healthy]) rmSync(join(AUTH, version), { recursive: true, force: true });
  }
});

test('client ids minted by a script do not abort a healthy canary; the health page shows what the guard left out', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const api = await guardApi(request);
  const good = (await api.lobby()).active as string;
  const copy = `${good}-minted-${randomBytes(3).toString('hex')}`;
  const folder = join(LOBBY, copy);
  cpSync(join(LOBBY, good), folder, { recursive: true });
  try {
    await api.ok('POST', '/releases/remotes/lobby/versions', {
      version: copy,
      integrity: integrityOf(folder),
      reason: 'e2e: a healthy build under a script',
    });
    await api.change('/remotes/lobby/canary', {
      version: copy,
      percent: 10,
      plan: { ramp: [50], step_minutes: 0.25, max_error_rate_increase: 0.05, min_loads: 2 },
    });
    // A script: a manifest read for a client id and a ticket naming the canary, then a failed load.
    for (let i = 0; i < 20; i++) {
      const script = await requests.newContext({ baseURL: testInfo.project.use.baseURL });
      expect((await script.get('/api/v1/releases/manifest')).ok()).toBe(true);
      const sent = await script.post('/api/v1/releases/health/loads', {
        data: { loads: [{ remote: 'lobby', version: copy, ok: 0, failed: 1 }] },
      });
      expect(sent.status()).toBe(204);
      await script.dispose();
    }
    for (let i = 0; i < 2; i++) expect(await visit(browser, deviceId(10, true), homeLoaded)).toEqual([copy]);
    expect(await visit(browser, deviceId(10, false), homeLoaded)).toEqual([good]);
    await expect.poll(async () => (await api.lobby()).canary?.percent, { timeout: 40_000 }).toBe(50);

    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, `/releases/lobby/health`, releaseManager(page.request), 'en');
    const events = page.getByRole('list', { name: r('events.title') });
    const moved = events
      .getByRole('listitem')
      .filter({ hasText: r('events.verdict.advance') })
      .first();
    await expect(moved).toContainText(r('events.unproven', { reports: 20, clients: 20 }));
    await expect(moved).toContainText(/: 10% -> 50%$/);
    // Nothing spills out of a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, testInfo, 'release-health-unproven', 'en');
  } finally {
    const lobby: RemoteStatus = await api.lobby();
    if (lobby.canary) await api.change('/remotes/lobby/canary/abort');
    if (lobby.active !== good) await api.change('/remotes/lobby/activate', { version: good });
    rmSync(folder, { recursive: true, force: true });
  }
});
