/**
 * Compliance closes a money-laundering case (docs/decisions/043), in English and in
 * Kiswahili, at 1280 px (staff-desktop) and 390 px (staff-phone): a deposit at the reporting
 * threshold raises a high-severity alert, found by the player's phone in the alerts filter; the
 * case reads as a person would (the rule and its figures in words, the transactions, the trail by
 * name); one compliance person opens the case and reviews it, is refused the close (four eyes,
 * said plainly), and a second person reports it. The Cases screen lists the case under open once
 * it is opened, and under reported (no longer among those open or in review) once it is reported,
 * without scrolling sideways. axe finds nothing on any compliance screen; each is saved to
 * /tmp/staff-shots/ for a person to look at.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { createPlayer, type Player } from '../../support/session.ts';
import { enrolStaff, type StaffPerson, staffPhone, staffSignIn } from '../../support/staff.ts';
import {
  expectAccessible,
  openNav,
  type StaffLang,
  shot,
  signInThroughUi,
  t,
  useStaffLanguage,
} from '../../support/staff-site.ts';
import { expect, test } from '../../support/test.ts';
import { holdPayments, settlePayments } from '../../support/test-control.ts';

// Enrolment, the AML scan (every 10 s) and two people's sign-ins: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

async function signInToStaff(page: Page, person: StaffPerson, lang: StaffLang) {
  await useStaffLanguage(page, lang);
  await signInThroughUi(page, person, lang);
}

/** To the compliance desk through the nav (the token lives in the page's memory: no page loads). */
async function openCompliance(page: Page, lang: StaffLang) {
  const nav = await openNav(page, lang);
  await nav.getByRole('link', { name: t(lang, 'compliance:nav') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: t(lang, 'compliance:alerts.title') }),
  ).toBeVisible();
}

/** The alerts of one player: their phone typed in the player filter (the API filters). */
async function filterByPlayer(page: Page, lang: StaffLang, player: Player) {
  // The list the API answers for this player (the unfiltered list may show their phone too).
  const answered = listed(page, '/aml/alerts', { player: player.phone });
  await page.getByLabel(t(lang, 'compliance:alerts.playerFilter')).fill(player.phone);
  await answered;
  await expect(page.getByText(player.phone, { exact: true }).first()).toBeVisible();
}

/** The next answer of the API's `path` asked with these query values. */
const listed = (page: Page, path: string, query: Record<string, string>) =>
  page.waitForResponse((res) => {
    const url = new URL(res.url());
    return (
      url.pathname.endsWith(path) && Object.entries(query).every(([k, v]) => url.searchParams.get(k) === v)
    );
  });

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
        const alerts = await request.get(
          `/api/v1/aml/alerts?rule=large_transaction&player=${encodeURIComponent(player.phone)}`,
          { headers: { Authorization: `Bearer ${token}` } },
        );
        const body = (await alerts.json()) as { alerts: { user_id: string; rule: string }[] };
        return body.alerts.some((a) => a.user_id === idOf(player) && a.rule === 'large_transaction');
      },
      { timeout: 45_000 },
    )
    .toBe(true);
}

const idOf = (player: Player) => String(player.user.id);

/**
 * The Cases tab, one player's cases (their phone typed), in `status` when given (by default the
 * screen shows those open or in review); answers the row of `caseId`.
 */
async function casesOf(page: Page, lang: StaffLang, player: Player, caseId: string, status?: string) {
  await page
    .getByRole('navigation', { name: t(lang, 'compliance:tabs.label') })
    .getByRole('link', { name: t(lang, 'compliance:tabs.cases') })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: t(lang, 'compliance:cases.title') }),
  ).toBeVisible();
  // The list as the API answers this player in this status (not the list before the filter).
  const answered = listed(page, '/aml/cases', { player: player.phone, status: status ?? 'active' });
  if (status) await page.getByLabel(t(lang, 'compliance:cases.status'), { exact: true }).selectOption(status);
  await page.getByLabel(t(lang, 'compliance:alerts.playerFilter')).fill(player.phone);
  await answered;
  return page.locator('tr', { has: page.locator(`a[href$="/compliance/cases/${caseId}"]`) });
}

/** The screen fits its width: nothing scrolls sideways (390 px included). */
async function expectNoSidewaysScroll(page: Page) {
  const wide = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(wide).toBe(false);
}

for (const lang of ['en', 'sw'] as const) {
  const reason = t(lang, 'common:reason.label');

  test(`compliance closes a case, the second person closing a high-severity one (${lang})`, async ({
    page,
    browser,
    request,
  }, info) => {
    const player = await createPlayer(request);
    const first = await enrolStaff(request, staffPhone(), ['compliance']);
    const second = await enrolStaff(request, staffPhone(), ['compliance']);
    await largeDeposit(request, player, first);

    await signInToStaff(page, first, lang);
    await openCompliance(page, lang);
    await filterByPlayer(page, lang, player);
    await expect(page.locator(`a[href$="/players/${idOf(player)}"]`).first()).toBeVisible();
    await expectAccessible(page, 'alerts');
    await shot(page, info, 'compliance-alerts', lang);

    await page.getByRole('button', { name: t(lang, 'compliance:alerts.openCase') }).click();
    let dialog = page.getByRole('dialog', { name: t(lang, 'compliance:alerts.openTitle') });
    await dialog.getByLabel(reason).fill('Deposit at the reporting threshold');
    await dialog.getByRole('button', { name: t(lang, 'compliance:alerts.openCase') }).click();
    const caseHeading = page.getByRole('heading', { level: 1, name: t(lang, 'compliance:case.title') });
    await expect(caseHeading).toBeVisible();
    const caseId = new URL(page.url()).pathname.split('/').at(-1)!;

    // The Cases screen lists it under open; its row leads back to it.
    const opened = await casesOf(page, lang, player, caseId, 'open');
    await expect(opened).toContainText(t(lang, 'compliance:status.open'));
    await expect(opened).toContainText(t(lang, 'compliance:rules.large_transaction'));
    await expectAccessible(page, 'cases');
    await expectNoSidewaysScroll(page);
    await shot(page, info, 'compliance-cases-open', lang);
    await opened.getByRole('link').click();
    await expect(caseHeading).toBeVisible();

    // Read as a person would: the rule and its figures in words, the deposit, the trail by phone.
    const alert = page.getByRole('region', { name: t(lang, 'compliance:case.alert') });
    await expect(alert.getByText(t(lang, 'compliance:rules.large_transaction'))).toBeVisible();
    await expect(alert.getByText(t(lang, 'compliance:figures.amount_cents'))).toBeVisible();
    await expect(alert.getByText('amount_cents')).toHaveCount(0);
    const transactions = page.getByRole('region', { name: t(lang, 'compliance:case.transactions') });
    await expect(transactions.getByText(t(lang, 'compliance:txType.deposit')).first()).toBeVisible();
    await expect(transactions.getByText(/100[,.\s\u00a0]000/).first()).toBeVisible();
    const trail = page.getByRole('region', { name: t(lang, 'compliance:case.trail') });
    await expect(trail.getByText(first.phone, { exact: false })).toBeVisible();

    await page.getByRole('button', { name: t(lang, 'compliance:case.review') }).click();
    dialog = page.getByRole('dialog', { name: t(lang, 'compliance:case.reviewTitle') });
    await dialog.getByLabel(reason).fill('Source of funds asked');
    await dialog.getByRole('button', { name: t(lang, 'compliance:case.review') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(t(lang, 'compliance:case.fourEyesNote'))).toBeVisible();

    // The one who opened and reviewed it may not close it: said plainly, nothing changes.
    await page.getByRole('button', { name: t(lang, 'compliance:case.report') }).click();
    dialog = page.getByRole('dialog', { name: t(lang, 'compliance:case.reportedTitle') });
    await dialog.getByLabel(reason).fill('No source of funds given');
    await dialog.getByRole('button', { name: t(lang, 'compliance:case.report') }).click();
    await expect(dialog.getByRole('alert')).toHaveText(t(lang, 'compliance:case.fourEyes'));
    await expectAccessible(page, 'case with the four-eyes refusal');
    await dialog.getByRole('button', { name: t(lang, 'common:actions.cancel') }).click();
    await shot(page, info, 'compliance-case', lang);

    // A second compliance person closes it.
    const other = await browser.newPage({ viewport: page.viewportSize() });
    await signInToStaff(other, second, lang);
    await openCompliance(other, lang);
    await filterByPlayer(other, lang, player);
    await other.locator(`a[href$="/compliance/cases/${caseId}"]`).click();
    await other.getByRole('button', { name: t(lang, 'compliance:case.report') }).click();
    dialog = other.getByRole('dialog', { name: t(lang, 'compliance:case.reportedTitle') });
    await dialog.getByLabel(reason).fill('Second look: reported to the FRC');
    await dialog.getByRole('button', { name: t(lang, 'compliance:case.report') }).click();
    await expect(dialog).toBeHidden();
    await expect(other.getByText(t(lang, 'compliance:status.reported')).first()).toBeVisible();
    await expect(other.getByRole('button', { name: t(lang, 'compliance:case.report') })).toHaveCount(0);
    await other.close();

    // Reported: no longer among the cases open or in review, listed under reported.
    const active = await casesOf(page, lang, player, caseId);
    await expect(page.getByText(t(lang, 'compliance:cases.empty'))).toBeVisible();
    await expect(active).toHaveCount(0);
    const reported = await casesOf(page, lang, player, caseId, 'reported');
    await expect(reported).toContainText(t(lang, 'compliance:status.reported'));
    await expectAccessible(page, 'cases, reported');
    await expectNoSidewaysScroll(page);
    await shot(page, info, 'compliance-cases-reported', lang);
  });

  test(`axe on identity checks, the register and the feed, with screenshots (${lang})`, async ({
    page,
    request,
  }, info) => {
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
    const screens = ['identity', 'register', 'feed'] as const;
    for (const name of screens) {
      await page
        .getByRole('navigation', { name: t(lang, 'compliance:tabs.label') })
        .getByRole('link', { name: t(lang, `compliance:tabs.${name}`) })
        .click();
      await expect(
        page.getByRole('heading', { level: 1, name: t(lang, `compliance:${name}.title`) }),
      ).toBeVisible();
      if (name === 'identity')
        await expect(page.locator(`a[href$="/players/${idOf(waiting)}"]`).first()).toBeVisible();
      if (name === 'register') await expect(page.getByText(resting.phone).first()).toBeVisible();
      if (name === 'feed') {
        await expect(page.getByText(t(lang, 'compliance:feed.backlog'))).toBeVisible();
        await page.getByLabel(t(lang, 'compliance:feed.fromSequence')).fill('1');
        await page.getByRole('button', { name: t(lang, 'compliance:feed.replay') }).click();
        const dialog = page.getByRole('dialog', {
          name: t(lang, 'compliance:feed.confirmTitle', { from: 1 }),
        });
        await dialog.getByLabel(reason).fill('Regulator asked again');
        await expectAccessible(page, 'feed replay dialog');
        await dialog.getByRole('button', { name: t(lang, 'compliance:feed.confirm') }).click();
        await expect(dialog).toBeHidden();
      }
      await expectAccessible(page, name);
      await shot(page, info, `compliance-${name}`, lang);
    }
  });
}
