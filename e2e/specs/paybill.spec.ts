/**
 * Paybill deposits in Chromium against the real API (docs/product-rules.md#deposit): the Paybill
 * tab shows the business number and the player's own account number (English and Kiswahili),
 * and a Paybill payment (the simulator posts the confirmation Daraja would) shows in the
 * transactions as a Paybill deposit and raises the header balance.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { firstScreenReplaced } from '../support/first-screen.ts';
import { createPlayer, type Player, signIn } from '../support/session.ts';
import { creditOf } from '../support/taxes.ts';
import { expect, test } from '../support/test.ts';

const ksh = (amount: number) =>
  `KSh ${new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;
const headerBalance = (page: Page) => page.getByTestId('header-balance');

async function paybillOf(request: APIRequestContext, player: Player) {
  const res = await request.get('/api/v1/wallet/paybill', {
    headers: { Authorization: `Bearer ${player.accessToken}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { paybill_number: string; account_number: string };
}

/** Pays the player's account by Paybill through the simulator (the real confirmation route). */
async function payByPaybill(request: APIRequestContext, accountNumber: string, amount: number) {
  const res = await request.post('/api/v1/testing/simulator/paybill', {
    data: { account_number: accountNumber, amount },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function openPaybillTab(page: Page, tab = 'Paybill') {
  // The HTML's first screen draws the tabs inert; a click there is lost when the app replaces it.
  await firstScreenReplaced(page);
  await page.getByRole('tab', { name: tab }).click();
  return page.getByRole('tabpanel');
}

test('the Paybill tab shows the business number and the account number, with the steps', async ({
  page,
  request,
}) => {
  const player = await createPlayer(request);
  const { paybill_number, account_number } = await paybillOf(request, player);
  await signIn(page, player);
  await page.goto('/deposit');
  const panel = await openPaybillTab(page);
  await expect(panel.getByRole('heading', { name: 'Deposit via Paybill' })).toBeVisible();
  await expect(panel.getByText(account_number, { exact: true })).toBeVisible();
  await expect(panel.getByText(paybill_number, { exact: true })).toBeVisible();
  await expect(panel.getByText(`Enter Account no. ${account_number}.`)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Copy Account no.' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Copy Business no.' })).toBeVisible();
  // Keyboard: the copy button is reachable and says what happened.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await panel.getByRole('button', { name: 'Copy Account no.' }).focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status').filter({ hasText: 'Copied' })).toHaveCount(1);
  await page.screenshot({ path: '/tmp/paybill-en-390.png', fullPage: true });

  await page.getByLabel('Language').selectOption('sw');
  await expect(panel.getByRole('heading', { name: 'Weka pesa kupitia Paybill' })).toBeVisible();
  await expect(panel.getByText('Namba ya akaunti', { exact: true })).toBeVisible();
  await expect(panel.getByText(account_number, { exact: true })).toBeVisible();
  await expect(panel.getByText(`Weka namba ya akaunti ${account_number}.`)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Nakili Namba ya biashara' })).toBeVisible();
  await page.screenshot({ path: '/tmp/paybill-sw-390.png', fullPage: true });
  await page.getByLabel('Lugha').selectOption('en');
});

test('a Paybill payment shows as a Paybill deposit and raises the header balance', async ({
  page,
  request,
}) => {
  const player = await createPlayer(request);
  const { account_number } = await paybillOf(request, player);
  await signIn(page, player);
  await page.goto('/transactions');
  await expect(page.getByText('No transactions found')).toBeVisible();
  await expect(headerBalance(page)).toHaveText(ksh(0));

  await payByPaybill(request, account_number, 750.5);
  await page.reload();
  const card = page.getByRole('list', { name: 'Transaction history' }).getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: 'Deposit' })).toBeVisible();
  await expect(card.getByText('Paybill', { exact: true })).toBeVisible();
  await expect(card.getByText('Completed')).toBeVisible();
  await expect(card.getByTestId('amount')).toHaveText(`+${ksh(750.5)}`);
  // The 5% excise duty on 750.50 is 37.525, half up 37.53: 712.97 reaches the wallet.
  await expect(card.getByTestId('tax')).toHaveText(`Excise duty ${ksh(37.53)} · ${ksh(712.97)} to wallet`);
  await expect(headerBalance(page)).toHaveText(ksh(creditOf(750.5)));
  await page.screenshot({ path: '/tmp/paybill-transactions-390.png', fullPage: true });
});
