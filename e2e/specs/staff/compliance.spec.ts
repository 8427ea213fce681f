/**
 * Compliance closes a money-laundering case (issue 30 item 4's must-show), in English and in
 * Kiswahili, at 1280 px (staff-desktop) and 390 px (staff-phone): a deposit at the reporting
 * threshold raises a high-severity alert; one compliance person opens the case and reviews it,
 * is refused the close (four eyes, said plainly), and a second person reports it. axe finds
 * nothing on any compliance screen; each is saved to /tmp/shots/ for a person to look at.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { createPlayer, type Player } from '../../support/session.ts';
import { enrolStaff, type StaffPerson, staffCode, staffPhone, staffSignIn } from '../../support/staff.ts';
import { expect, test } from '../../support/test.ts';
import { holdPayments, settlePayments } from '../../support/test-control.ts';

type Strings = Record<string, unknown>;
const LOCALES = join(import.meta.dirname, '../../../staff/src/i18n/locales');
const strings = (lang: string, ns: string): Strings =>
  JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8')) as Strings;
const at = (tree: Strings, key: string): string =>
  key.split('.').reduce<unknown>((node, part) => (node as Strings)[part], tree) as string;

// Enrolment, the AML scan (every 10 s) and two people's sign-ins: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

async function signInToStaff(page: Page, person: StaffPerson, lang: string) {
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

/** To the compliance desk through the nav (the token lives in the page's memory: no page loads). */
async function openCompliance(page: Page, lang: string) {
  const t = strings(lang, 'compliance');
  const common = strings(lang, 'common');
  const menu = page.getByRole('button', { name: at(common, 'layout.menu') });
  const nav = page.getByRole('navigation', { name: at(common, 'layout.navLabel') });
  await expect(menu.or(nav).filter({ visible: true })).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await nav.getByRole('link', { name: at(t, 'nav') }).click();
  await expect(page.getByRole('heading', { level: 1, name: at(t, 'alerts.title') })).toBeVisible();
}

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations.map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

/** A KES 100,000 deposit (the e2e server's reporting threshold), settled, and its alert raised. */
async function largeDeposit(request: APIRequestContext, player: Player, compliance: StaffPerson) {
  await holdPayments(request, player.phone);
  const res = await request.post('/api/v1/wallet/deposit', {
    headers: { Authorization: `Bearer ${player.accessToken}`, 'Idempotency-Key': randomUUID() },
    data: { amount: 100_000, currency: 'KES', phone_number: player.phone },
  });
  expect(res.ok(), await res.text()).toBe(true);
  expect(await settlePayments(request, player.phone)).toBe(1);
  const token = await staffSignIn(request, compliance);
  await expect
    .poll(
      async () => {
        const alerts = await request.get('/api/v1/aml/alerts?limit=500', {
          headers: { Authorization: `Bearer ${token}` },
        });
        const body = (await alerts.json()) as { alerts: { user_id: string; rule: string }[] };
        return body.alerts.some((a) => a.user_id === idOf(player) && a.rule === 'large_transaction');
      },
      { timeout: 45_000 },
    )
    .toBe(true);
}

const idOf = (player: Player) => String(player.user.id);

const alertRow = (page: Page, player: Player) =>
  page.locator('tr', { has: page.locator(`a[href$="/players/${idOf(player)}"]`) });

for (const lang of ['en', 'sw'] as const) {
  test(`compliance closes a case, the second person closing a high-severity one (${lang})`, async ({
    page,
    browser,
    request,
  }, info) => {
    const t = strings(lang, 'compliance');
    const common = strings(lang, 'common');
    const player = await createPlayer(request);
    const first = await enrolStaff(request, staffPhone(), ['compliance']);
    const second = await enrolStaff(request, staffPhone(), ['compliance']);
    await largeDeposit(request, player, first);

    await signInToStaff(page, first, lang);
    await openCompliance(page, lang);
    const row = alertRow(page, player);
    await expect(row).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    mkdirSync('/tmp/shots', { recursive: true });
    await page.screenshot({
      path: `/tmp/shots/compliance-alerts-${info.project.name}-${lang}.png`,
      fullPage: true,
    });

    await row.getByRole('button', { name: at(t, 'alerts.openCase') }).click();
    let dialog = page.getByRole('dialog', { name: at(t, 'alerts.openTitle') });
    await dialog.getByLabel(at(common, 'reason.label')).fill('Deposit at the reporting threshold');
    await dialog.getByRole('button', { name: at(t, 'alerts.openCase') }).click();
    await expect(page.getByRole('heading', { level: 1, name: at(t, 'case.title') })).toBeVisible();
    await expect(page.getByText('large_transaction').first()).toBeVisible();

    await page.getByRole('button', { name: at(t, 'case.review') }).click();
    dialog = page.getByRole('dialog', { name: at(t, 'case.reviewTitle') });
    await dialog.getByLabel(at(common, 'reason.label')).fill('Source of funds asked');
    await dialog.getByRole('button', { name: at(t, 'case.review') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(at(t, 'case.fourEyesNote'))).toBeVisible();

    // The one who opened and reviewed it may not close it: said plainly, nothing changes.
    await page.getByRole('button', { name: at(t, 'case.report') }).click();
    dialog = page.getByRole('dialog', { name: at(t, 'case.reportedTitle') });
    await dialog.getByLabel(at(common, 'reason.label')).fill('No source of funds given');
    await dialog.getByRole('button', { name: at(t, 'case.report') }).click();
    await expect(dialog.getByRole('alert')).toHaveText(at(t, 'case.fourEyes'));
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: at(common, 'actions.cancel') }).click();
    await page.screenshot({
      path: `/tmp/shots/compliance-case-${info.project.name}-${lang}.png`,
      fullPage: true,
    });

    // A second compliance person closes it.
    const other = await browser.newPage({ viewport: page.viewportSize() });
    await signInToStaff(other, second, lang);
    await openCompliance(other, lang);
    await alertRow(other, player)
      .getByRole('link', { name: at(t, 'status.reviewing') })
      .click();
    await other.getByRole('button', { name: at(t, 'case.report') }).click();
    dialog = other.getByRole('dialog', { name: at(t, 'case.reportedTitle') });
    await dialog.getByLabel(at(common, 'reason.label')).fill('Second look: reported to the FRC');
    await dialog.getByRole('button', { name: at(t, 'case.report') }).click();
    await expect(dialog).toBeHidden();
    await expect(other.getByText(at(t, 'status.reported')).first()).toBeVisible();
    await expect(other.getByRole('button', { name: at(t, 'case.report') })).toHaveCount(0);
    await other.close();
  });

  test(`axe on identity checks, the register and the feed, with screenshots (${lang})`, async ({
    page,
    request,
  }, info) => {
    const t = strings(lang, 'compliance');
    const person = await enrolStaff(request, staffPhone(), ['compliance']);
    // A player the register could not check, and one in a time-out: both screens have a row.
    const waiting = await createPlayer(request, { identity: false });
    await request.put('/api/v1/identity', {
      headers: { Authorization: `Bearer ${waiting.accessToken}` },
      data: {
        fullName: 'Wanjiru Kamau',
        dateOfBirth: '1990-05-05',
        documentType: 'national_id',
        documentNumber: `${waiting.phone.slice(-5)}997`,
      },
    });
    const resting = await createPlayer(request);
    const timeOut = await request.post('/api/v1/safer-gambling/time-out', {
      headers: { Authorization: `Bearer ${resting.accessToken}` },
      data: { length: '24h' },
    });
    expect(timeOut.status()).toBe(200);

    await signInToStaff(page, person, lang);
    await openCompliance(page, lang);
    const shots: [string, string, string][] = [
      ['tabs.identity', 'identity.title', 'identity'],
      ['tabs.register', 'register.title', 'register'],
      ['tabs.feed', 'feed.title', 'feed'],
    ];
    for (const [tab, title, name] of shots) {
      await page
        .getByRole('navigation', { name: at(t, 'tabs.label') })
        .getByRole('link', { name: at(t, tab) })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: at(t, title) })).toBeVisible();
      if (name === 'identity')
        await expect(page.locator(`a[href$="/players/${idOf(waiting)}"]`)).toBeVisible();
      if (name === 'register') await expect(page.getByText(resting.phone).first()).toBeVisible();
      if (name === 'feed') {
        await expect(page.getByText(at(t, 'feed.backlog'))).toBeVisible();
        await page.getByLabel(at(t, 'feed.fromSequence')).fill('1');
        await page.getByRole('button', { name: at(t, 'feed.replay') }).click();
        const dialog = page.getByRole('dialog', {
          name: at(t, 'feed.confirmTitle').replace('{{from}}', '1'),
        });
        await dialog.getByLabel(at(strings(lang, 'common'), 'reason.label')).fill('Regulator asked again');
        expect(await axeViolations(page)).toEqual([]);
        await dialog.getByRole('button', { name: at(t, 'feed.confirm') }).click();
        await expect(dialog).toBeHidden();
      }
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({
        path: `/tmp/shots/compliance-${name}-${info.project.name}-${lang}.png`,
        fullPage: true,
      });
    }
  });
}
