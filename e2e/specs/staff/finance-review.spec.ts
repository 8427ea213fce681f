/**
 * Finance on the staff site (docs/decisions/055), in English and Kiswahili, at 1280 px
 * (staff-desktop) and 390 px (staff-phone): finance assigns a Paybill payment in suspense to a
 * player found by phone (made through the simulator as e2e/specs/paybill.spec.ts does), and two
 * finance people complete an adjustment: one proposes, the other approves, and the player's
 * balance changes by it; and finance settles a withdrawal a provider's late result put in review
 * (Mark completed, with a reason). axe finds nothing on each screen; screenshots go to /tmp/shots/.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { at, axeViolations, openFromNav, signInToStaff, strings } from '../../support/finance-staff.ts';
import { createPlayer, type Player } from '../../support/session.ts';
import { enrolStaff, staffPhone } from '../../support/staff.ts';
import { creditOf } from '../../support/taxes.ts';
import { expect, test } from '../../support/test.ts';
import { holdPayments, settlePayments } from '../../support/test-control.ts';

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

/** PAYMENT_CALLBACK_SECRET of the e2e server (e2e/support/start-server.mjs). */
const E2E_CALLBACK_SECRET = 'e2e-payment-callback-secret';

async function apiPost<T>(
  request: APIRequestContext,
  path: string,
  data: unknown,
  player?: Player,
): Promise<T> {
  const res = await request.post(`/api/v1${path}`, {
    data,
    headers: player ? { Authorization: `Bearer ${player.accessToken}`, 'Idempotency-Key': randomUUID() } : {},
  });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

const statusOf = async (request: APIRequestContext, player: Player, id: string) => {
  const res = await request.get('/api/v1/wallet/transactions?page_size=100', {
    headers: { Authorization: `Bearer ${player.accessToken}` },
  });
  const { transactions } = (await res.json()) as { transactions: { id: string; status: string }[] };
  return transactions.find((x) => x.id === id)?.status;
};

/**
 * A withdrawal in the review queue, made through the real API as api/test/modules/finance/review.test.ts
 * does: a player deposits, wins at the seeded demo game (the first spin loses, the second pays
 * 2.5x: e2e/support/test-control.ts), withdraws KES 100, which the simulator pays; then the
 * provider's late result says the payout failed, which contradicts it: an operator decides.
 */
async function withdrawalInReview(request: APIRequestContext): Promise<{ player: Player; id: string }> {
  const player = await createPlayer(request);
  const money = { currency: 'KES', phone_number: player.phone };
  await holdPayments(request, player.phone);
  await apiPost(request, '/wallet/deposit', { ...money, amount: 500 }, player);
  expect(await settlePayments(request, player.phone)).toBe(1);
  const { game_link } = await apiPost<{ game_link: string }>(
    request,
    '/casino/game/link',
    { game_id: 'lucky-sevens' },
    player,
  );
  const launch_token = new URL(game_link).searchParams.get('launch');
  const { session_token } = await apiPost<{ session_token: string }>(request, '/games/demo/session', {
    launch_token,
  });
  for (let spin = 0; spin < 2; spin++)
    await apiPost(request, '/games/demo/spin', { session_token, stake: 100 });

  await holdPayments(request, player.phone);
  const { transaction_id: id } = await apiPost<{ transaction_id: string }>(
    request,
    '/wallet/withdraw',
    { ...money, amount: 100 },
    player,
  );
  expect(await settlePayments(request, player.phone)).toBe(1);
  expect(await statusOf(request, player, id)).toBe('completed');
  const late = await request.post(`/api/v1/payments/callbacks/simulator/${E2E_CALLBACK_SECRET}/payout`, {
    data: { provider_ref: `SIM-${id}`, result_code: 2001, result_desc: 'late failure' },
  });
  expect(late.ok(), await late.text()).toBe(true);
  // A player sees a transaction in review as pending.
  expect(await statusOf(request, player, id)).toBe('pending');
  return { player, id };
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
    const t = strings(lang, 'finance');
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

    await openFromNav(page, lang, at(t, 'navReview'));
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
    const t = strings(lang, 'finance');
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
  test(`finance completes a withdrawal a late provider result put in review (${lang})`, async ({
    page,
    request,
  }, info) => {
    const t = strings(lang, 'finance');
    const { player, id } = await withdrawalInReview(request);
    const finance = await enrolStaff(request, staffPhone(), ['finance']);
    await signInToStaff(page, finance, lang);

    await openFromNav(page, lang, at(t, 'navReview'));
    const queue = page.getByRole('table', { name: at(t, 'queue.title') });
    const row = queue.getByRole('row').filter({ hasText: player.phone });
    await expect(row).toContainText(at(t, 'queue.types.withdrawal'));
    await expect(row.getByRole('button', { name: at(t, 'queue.fail') })).toBeVisible();
    await row.getByRole('button', { name: at(t, 'queue.complete') }).click();
    const amount = new Intl.NumberFormat(lang === 'sw' ? 'sw-KE' : 'en-KE', {
      minimumFractionDigits: 2,
    }).format(100);
    const dialog = page.getByRole('dialog', {
      name: at(t, 'queue.confirm.completed', { amount: `KSh ${amount}` }),
    });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox').fill('B2C receipt seen on the M-Pesa portal');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `review-complete-${lang}`, info.project.name);
    await dialog.getByRole('button', { name: at(t, 'queue.complete') }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    // Completed: the payout stands (the player keeps nothing back).
    expect(await statusOf(request, player, id)).toBe('completed');
  });
}
