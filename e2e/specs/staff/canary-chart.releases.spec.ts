/**
 * A release manager starts a guarded canary on the staff site and watches the chart move
 * (docs/decisions/057-release-health-history.md), in English and Kiswahili, at 1280 and 390 px: the canary of a healthy
 * copy of the live lobby is started from the remote's card with its plan, players load it, and
 * the health page (read again every 5 s while the canary runs) shows its loads in the chart's
 * table, then the guard's next step and its promotion, with the figures, among the events. axe
 * finds nothing on the Releases screen, the canary dialog and the health page; the chart is saved
 * to /tmp/shots/ for a person to look at. Named *.releases.spec.ts: it changes the live release,
 * so it runs in the release projects, after the player-facing specs.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { canaryBucket } from '../../../shared/contracts/src/canary-bucket.ts';
import { homeLoaded } from '../../support/first-screen.ts';
import { CDN, integrityOf } from '../../support/releases.ts';
import { enrolStaff, type StaffPerson, staffCode, staffPhone, staffSignIn } from '../../support/staff.ts';
import { expect, test } from '../../support/test.ts';

type Strings = Record<string, unknown>;
const LOCALES = join(import.meta.dirname, '../../../staff/src/i18n/locales');
const strings = (lang: string, ns: string): Strings =>
  JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8')) as Strings;
/** `a.b.c` of a namespace's JSON, `{{name}}` filled in. */
const at = (tree: Strings, key: string, values: Record<string, string | number> = {}): string =>
  Object.entries(values).reduce(
    (text, [k, v]) => text.replaceAll(`{{${k}}}`, String(v)),
    key.split('.').reduce<unknown>((node, part) => (node as Strings)[part], tree) as string,
  );

const LOBBY = join(CDN, 'remotes', 'lobby');
test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** Release control with a staff token: calls that must succeed. */
function releaseApi(request: APIRequestContext, token: string) {
  const ok = async (method: 'GET' | 'POST', path: string, data?: unknown) => {
    const res = await request.fetch(`/api/v1${path}`, {
      method,
      data,
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
  const lobby = async () =>
    (await ok('GET', '/releases/remotes')).remotes.find((r: { name: string }) => r.name === 'lobby');
  const change = async (path: string, body: Record<string, unknown> = {}) => {
    const { revision } = await ok('GET', '/releases/remotes');
    return ok('POST', `/releases${path}`, { base_revision: revision, reason: 'e2e: canary chart', ...body });
  };
  return { ok, lobby, change };
}

/** A browser id whose lobby bucket is under `percent` (the canary's share). */
function canaryDevice(percent: number): string {
  for (;;) {
    const id = `e2e-chart-${randomBytes(6).toString('hex')}`;
    if (canaryBucket(id, 'lobby') < percent) return id;
  }
}

/** A player's visit in a fresh browser as `device`: the home page, then away (its beacon goes out). */
async function playerVisit(browser: Browser, baseURL: string | undefined, device: string) {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript((id) => localStorage.setItem('mchezo:device-id', id), device);
  const page = await context.newPage();
  await page.goto('/');
  // The lobby (the canary's copy or the active version) rendered: a busy machine takes its time.
  await expect(page.getByRole('tablist')).toBeVisible({ timeout: 20_000 });
  await homeLoaded(page);
  await page.goto('about:blank');
  await context.close();
}

async function signIn(page: Page, person: StaffPerson, lang: string) {
  const access = strings(lang, 'access');
  await page.addInitScript((language) => localStorage.setItem('staff.language', language), lang);
  await page.goto('/staff/sign-in');
  await page.getByLabel(at(access, 'signIn.phone')).fill(person.phone);
  await page.getByLabel(at(access, 'signIn.password')).fill(person.password);
  await page.getByRole('button', { name: at(access, 'signIn.continue') }).click();
  await page.getByLabel(at(access, 'signIn.code')).fill(await staffCode(person.secret));
  await page.getByRole('button', { name: at(access, 'signIn.submit') }).click();
  await expect(page).not.toHaveURL(/sign-in/);
}

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations.map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

for (const lang of ['en', 'sw']) {
  for (const width of [1280, 390]) {
    test(`a release manager starts a guarded canary and watches the chart move (${lang}, ${width} px)`, async ({
      browser,
      playwright,
      launchOptions,
      baseURL,
      request,
    }) => {
      const t = strings(lang, 'releases');
      const common = strings(lang, 'common');
      const person = await enrolStaff(request, staffPhone(), ['release_manager']);
      const api = releaseApi(request, await staffSignIn(request, person));
      const good = (await api.lobby()).active as string;
      // A byte-identical copy of the live lobby: healthy by construction.
      const copy = `${good}-chart-${randomBytes(3).toString('hex')}`;
      const folder = join(LOBBY, copy);
      cpSync(join(LOBBY, good), folder, { recursive: true });
      const context = await browser.newContext({
        viewport: { width, height: width > 600 ? 800 : 844 },
        ...(width > 600 ? {} : { isMobile: true, hasTouch: true, deviceScaleFactor: 2 }),
      });
      const page = await context.newPage();
      // The players' browser is another Chromium: their windows never take the staff tab's place
      // (a tab behind others has its timers stopped, and the chart would stop reading again).
      const players = await playwright.chromium.launch(launchOptions);
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(String(e)));
      try {
        await api.ok('POST', '/releases/remotes/lobby/versions', {
          version: copy,
          integrity: integrityOf(folder),
          reason: 'e2e: a healthy build for the chart',
        });
        await signIn(page, person, lang);
        // The home screen is up (on a phone, its nav waits in the menu's drawer).
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const menu = page.getByRole('button', { name: at(common, 'layout.menu') });
        if (await menu.isVisible()) await menu.click();
        await page
          .getByRole('navigation', { name: at(common, 'layout.navLabel') })
          .getByRole('link', { name: at(t, 'navLabel') })
          .click();
        await expect(page.getByRole('heading', { level: 1, name: at(t, 'title') })).toBeVisible();
        const card = page.getByRole('region', { name: 'lobby' });
        await expect(card).toContainText(good);
        expect(await axeViolations(page)).toEqual([]);

        // The canary with its plan: 50% for 3 s, then 90% for 3 s, then promote; 2 loads a step.
        await card.getByRole('button', { name: at(t, 'actions.canary') }).click();
        const dialog = page.getByRole('dialog', { name: at(t, 'canary.title', { remote: 'lobby' }) });
        await dialog.getByLabel(at(t, 'canary.version')).selectOption(copy);
        await dialog.getByLabel(at(t, 'canary.percent')).fill('50');
        await dialog.getByLabel(at(t, 'canary.ramp')).fill('90');
        await dialog.getByLabel(at(t, 'canary.stepMinutes')).fill('0.05');
        await dialog.getByLabel(at(t, 'canary.minLoads')).fill('2');
        expect(await axeViolations(page)).toEqual([]);
        // No reason: refused in the dialog, nothing sent.
        await dialog.getByRole('button', { name: at(t, 'canary.confirm') }).click();
        await expect(dialog.getByText(at(common, 'reason.tooShort'))).toBeVisible();
        expect((await api.lobby()).canary).toBeNull();
        await dialog.getByLabel(at(common, 'reason.label')).fill('A guarded canary of the same lobby');
        await dialog.getByRole('button', { name: at(t, 'canary.confirm') }).click();
        await expect(dialog).toBeHidden();
        await expect(card).toContainText(at(t, 'card.canaryAt', { version: copy, percent: 50 }));
        await expect(card).toContainText(at(t, 'plan.status.running'));

        // The health page, a quarter of an hour, the loads chart as a table.
        await card.getByRole('link', { name: at(t, 'actions.health') }).click();
        await expect(
          page.getByRole('heading', { level: 1, name: at(t, 'health.title', { remote: 'lobby' }) }),
        ).toBeVisible();
        await expect(page.getByText(at(t, 'health.live'))).toBeVisible();
        await page.getByLabel(at(t, 'health.range')).selectOption('15');
        // The chart's own region (its table's region inside it has the same name).
        const chart = page.getByRole('region', { name: at(t, 'health.loads'), exact: true }).first();
        await chart.getByRole('button', { name: at(common, 'chart.showTable') }).click();
        const canaryColumn = `${copy} (${at(t, 'health.role.canary')})`;
        // Each cell carries its column's header (the label a phone's card shows).
        const canaryCells = chart.locator(`table tbody td[data-label="${canaryColumn}"]`);
        await expect(canaryCells.first()).toBeVisible();
        const canaryLoads = async () =>
          (await canaryCells.allTextContents()).reduce((sum, text) => sum + Number(text || 0), 0);
        expect(await canaryLoads()).toBe(0);

        // Players load it: the chart's figures move without a reload, then the guard steps up.
        for (let i = 0; i < 2; i++) await playerVisit(players, baseURL, canaryDevice(50));
        await expect.poll(canaryLoads, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
        // This canary's events (an earlier test's canary may be in the same quarter of an hour).
        const events = page
          .getByRole('list', { name: at(t, 'events.title') })
          .locator('> li')
          .filter({ hasText: copy });
        await expect(
          events.getByText(at(t, 'events.step', { from: 50, to: 90 }), { exact: true }),
        ).toBeVisible({
          timeout: 30_000,
        });
        for (let i = 0; i < 2; i++) await playerVisit(players, baseURL, canaryDevice(90));
        await expect(events.getByText(at(t, 'events.verdict.promote'), { exact: true })).toBeVisible({
          timeout: 40_000,
        });
        await chart.getByRole('button', { name: at(common, 'chart.showChart') }).click();
        expect(await axeViolations(page)).toEqual([]);
        mkdirSync('/tmp/shots', { recursive: true });
        await page.screenshot({ path: `/tmp/shots/release-chart-${lang}-${width}.png`, fullPage: true });
        // The sign-in page's probe of a session it does not have yet answers 401; nothing else may fail.
        expect(errors.filter((e) => !e.includes('the server responded with a status of 401'))).toEqual([]);
      } finally {
        await context.close();
        await players.close();
        const lobby = await api.lobby();
        if (lobby.canary) await api.change('/remotes/lobby/canary/abort');
        if (lobby.active !== good) await api.change('/remotes/lobby/activate', { version: good });
        rmSync(folder, { recursive: true, force: true });
      }
    });
  }
}
