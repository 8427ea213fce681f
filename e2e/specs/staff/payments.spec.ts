/**
 * Finance on the staff site (issue 30 item 3's must-show), in English and Kiswahili, at 1280 px
 * (staff-desktop) and 390 px (staff-phone): finance assigns a Paybill payment in suspense to a
 * player found by phone (made through the simulator as e2e/specs/paybill.spec.ts does), and two
 * finance people complete an adjustment: one proposes, the other approves, and the player's
 * balance changes by it. axe finds nothing on each screen; screenshots go to /tmp/shots/.
 */
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { at, axeViolations, openFromNav, signInToStaff, strings } from '../../support/finance-staff.ts';
import { createPlayer, type Player } from '../../support/session.ts';
import { enrolStaff, staffPhone } from '../../support/staff.ts';
import { creditOf } from '../../support/taxes.ts';
import { expect, test } from '../../support/test.ts';

test.describe.configure({ timeout: 120_000 });

async function mainBalance(request: APIRequestContext, player: Player): Promise<number> {
  const res = await request.get('/api/v1/wallet/balance', {
    headers: { Authorization: `Bearer ${player.accessToken}` },
  });
  expect(res.status()).toBe(200);
  const { balances } = (await res.json()) as { balances: { balance_type: string; amount: number }[] };
  return balances.find((b) => b.balance_type === 'main')?.amount ?? Number.NaN;
}

/** A page of its own (another person at another computer) at this project's size. */
async function secondPage(browser: Browser, page: Page): Promise<Page> {
  const size = page.viewportSize();
  const context = await browser.newContext({ ...(size ? { viewport: size } : {}) });
  return context.newPage();
}

const shot = (page: Page, name: string, project: string) => {
  mkdirSync('/tmp/shots', { recursive: true });
  return page.screenshot({ path: `/tmp/shots/payments-${name}-${project}.png`, fullPage: true });
};

for (const lang of ['en', 'sw'] as const) {
  test(`finance assigns a Paybill payment in suspense to a player found by phone (${lang})`, async ({
    page,
    request,
  }, info) => {
    const t = strings(lang, 'payments');
    const player = await createPlayer(request);
    const before = await mainBalance(request, player);
    // A payer typed an account number nobody has: the payment waits in suspense.
    const paid = await request.post('/api/v1/testing/simulator/paybill', {
      data: { account_number: '00000000', amount: 321.5 },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    const transId = (await paid.json()).trans_id as string;
    const finance = await enrolStaff(request, staffPhone(), ['finance']);
    await signInToStaff(page, finance, lang);

    await openFromNav(page, lang, at(t, 'nav'));
    await expect(page.getByRole('heading', { level: 1, name: at(t, 'review.title') })).toBeVisible();
    const suspense = page.getByRole('table', { name: at(t, 'suspense.title') });
    const row = suspense.getByRole('row').filter({ hasText: transId });
    await expect(row).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `queue-${lang}`, info.project.name);

    await row.getByRole('button', { name: at(t, 'suspense.assign') }).click();
    const dialog = page.getByRole('dialog', { name: at(t, 'assign.title') });
    await dialog.getByLabel(at(t, 'finder.label')).fill(`0${player.phone.slice(4)}`);
    await dialog.getByRole('radio', { name: new RegExp(player.phone.replace('+', '\\+')) }).check();
    await dialog.getByLabel(at(t, 'assign.reason')).fill('Payer typed the wrong account number');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `assign-${lang}`, info.project.name);
    await dialog.getByRole('button', { name: at(t, 'assign.confirm') }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    // Credited as a Paybill deposit: less the excise duty when the server deducts it.
    expect(await mainBalance(request, player)).toBe(Math.round((before + creditOf(321.5)) * 100) / 100);
  });

  test(`two finance people complete an adjustment: one proposes, the other approves (${lang})`, async ({
    page,
    request,
    browser,
  }, info) => {
    const t = strings(lang, 'payments');
    const player = await createPlayer(request);
    const before = await mainBalance(request, player);
    const [proposer, approver] = [
      await enrolStaff(request, staffPhone(), ['finance']),
      await enrolStaff(request, staffPhone(), ['finance']),
    ];
    const reason = `Goodwill ${lang} ${player.phone}`;

    await signInToStaff(page, proposer, lang);
    await openFromNav(page, lang, at(t, 'navAdjustments'));
    await expect(page.getByRole('heading', { level: 1, name: at(t, 'adjustments.title') })).toBeVisible();
    const form = page.getByRole('form', { name: at(t, 'propose.title') });
    await form.getByLabel(at(t, 'finder.label')).fill(player.phone);
    await form.getByRole('radio', { name: new RegExp(player.phone.replace('+', '\\+')) }).check();
    await form.getByLabel(at(t, 'propose.credit')).check();
    await form.getByLabel(at(t, 'propose.amount')).fill('12.34');
    await form.getByLabel(at(t, 'propose.reason')).fill(reason);
    await form.getByRole('button', { name: at(t, 'propose.submit') }).click();
    await expect(form.getByRole('status')).toContainText(player.phone);
    const pending = page.getByRole('table', { name: at(t, 'adjustments.pending') });
    const mine = pending.getByRole('row').filter({ hasText: reason });
    // The proposer cannot approve their own: no Approve button, and why.
    await expect(mine.getByText(at(t, 'adjustments.ownProposal'))).toBeVisible();
    await expect(mine.getByRole('button', { name: at(t, 'adjustments.approve') })).toHaveCount(0);
    expect(await mainBalance(request, player)).toBe(before);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `proposed-${lang}`, info.project.name);

    const other = await secondPage(browser, page);
    await signInToStaff(other, approver, lang);
    await openFromNav(other, lang, at(t, 'navAdjustments'));
    const theirs = other
      .getByRole('table', { name: at(t, 'adjustments.pending') })
      .getByRole('row')
      .filter({ hasText: reason });
    await theirs.getByRole('button', { name: at(t, 'adjustments.approve') }).click();
    const dialog = other.getByRole('dialog');
    await dialog.getByRole('textbox').fill('Round log checked');
    expect(await axeViolations(other)).toEqual([]);
    await dialog.getByRole('button', { name: at(t, 'adjustments.approve') }).click();
    await expect(dialog).toBeHidden();
    const decided = other.getByRole('table', { name: at(t, 'adjustments.decided') });
    await expect(decided.getByRole('row').filter({ hasText: reason })).toContainText(
      at(t, 'adjustments.statuses.approved'),
    );
    await shot(other, `approved-${lang}`, info.project.name);
    expect(await mainBalance(request, player)).toBe(before + 12.34);
    await other.context().close();
  });
}
