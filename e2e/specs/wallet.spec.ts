/**
 * The wallet remote in Chromium against the real API and its mobile-money simulator: a deposit
 * followed until it settles, simulator numbers that fail, the withdrawal rules (below 100, above
 * the balance, above 150,000 before anything is sent), a won game then a withdrawal that completes, and the transactions
 * list's pages and tabs.
 *
 * Money reaches a player only as the product moves it: deposits through the simulator (main
 * pot), wins through the demo game provider (withdrawal pot, the only one a player can withdraw).
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { confirmIdentity, createPlayer, logIn, type Player, signIn, TEST_CODE } from '../support/session.ts';
import { creditOf, exciseOf, payoutOf, withholdingOf } from '../support/taxes.ts';
import { expect, test } from '../support/test.ts';
import { holdPayments, settlePayments } from '../support/test-control.ts';

/** api/README.md, "Mobile money": the simulator's test numbers. */
const SIMULATOR = {
  cancelledByUser: '+254700000001',
  refusedAtOnce: '+254700000004',
} as const;
const PASSWORD = 'correct-horse-9';
const DEMO_GAME = { id: 'lucky-sevens', name: 'Lucky Sevens' } as const;
/** A stake the demo game offers (20, 50, 100 or 200 at the minimum stake of KSh 20). */
const MAX_STAKE = 100;

type Pots = { main: number; withdrawal: number; bonus: number };
interface Tx {
  id: string;
  type: 'deposit' | 'withdrawal';
  status: string;
  amount: number;
}

const auth = (player: Player) => ({ Authorization: `Bearer ${player.accessToken}` });

async function apiPost<T>(request: APIRequestContext, path: string, data: unknown, headers = {}): Promise<T> {
  const res = await request.post(`/api/v1${path}`, { data, headers });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function apiGet<T>(request: APIRequestContext, path: string, player: Player): Promise<T> {
  const res = await request.get(`/api/v1${path}`, { headers: auth(player) });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function pots(request: APIRequestContext, player: Player): Promise<Pots> {
  const { balances } = await apiGet<{ balances: { balance_type: keyof Pots; amount: number }[] }>(
    request,
    '/wallet/balance',
    player,
  );
  return Object.fromEntries(balances.map((b) => [b.balance_type, b.amount])) as Pots;
}

async function allTransactions(request: APIRequestContext, player: Player): Promise<Tx[]> {
  return (await apiGet<{ transactions: Tx[] }>(request, '/wallet/transactions?page_size=100', player))
    .transactions;
}

/**
 * A player whose registered phone is `phone` (a simulator test number: the deposit form uses
 * the registered phone). Registered once per server; a rerun against the same server logs in.
 */
async function playerWithPhone(request: APIRequestContext, phone: string): Promise<Player> {
  const res = await request.post('/api/v1/auth/register', {
    data: { phone, password: PASSWORD, full_name: 'Wanjiru Kamau' },
  });
  if (res.status() !== 409) {
    expect(res.status(), await res.text()).toBe(201);
    await apiPost(request, '/auth/verify/request', { phone });
    await apiPost(request, '/auth/verify/confirm', { phone, code: TEST_CODE });
  }
  const login = await logIn(request, phone, PASSWORD);
  await confirmIdentity(request, phone, login.accessToken);
  return { phone, password: PASSWORD, ...login };
}

/** Deposits through the API (each its own Idempotency-Key) and waits until the simulator settled them. */
async function depositSettled(request: APIRequestContext, player: Player, amounts: number[]): Promise<void> {
  const before = (await pots(request, player)).main;
  for (const amount of amounts) {
    const res = await apiPost<{ status: string }>(
      request,
      '/wallet/deposit',
      { amount, currency: 'KES', phone_number: player.phone },
      { ...auth(player), 'Idempotency-Key': randomUUID() },
    );
    expect(res.status).toBe('pending');
  }
  // Each credits its amount less the excise duty (e2e/support/taxes.ts).
  const credited = amounts.reduce((s, a) => s + creditOf(a) * 100, before * 100) / 100;
  await expect.poll(async () => (await pots(request, player)).main, { timeout: 15_000 }).toBe(credited);
}

/**
 * Plays the demo game the way its page does (launch link → session → spins at MAX_STAKE)
 * until the winnings so far satisfy `enough`. Stakes come out of main (fund it first), wins go
 * to the withdrawal pot. Returns the winnings and the number of spins: the same on every run,
 * since every game session replays the e2e server's DEMO_GAME_SEED (e2e/support/test-control.ts).
 */
async function playDemoUntil(
  request: APIRequestContext,
  player: Player,
  enough: (winnings: number) => boolean,
  { maxSpins, parallel = 1 }: { maxSpins: number; parallel?: number },
): Promise<{ winnings: number; spins: number }> {
  const { game_link } = await apiPost<{ game_link: string }>(
    request,
    '/casino/game/link',
    { game_id: DEMO_GAME.id },
    auth(player),
  );
  const launch = new URL(game_link).searchParams.get('launch');
  const { session_token } = await apiPost<{ session_token: string }>(request, '/games/demo/session', {
    launch_token: launch,
  });
  let winnings = 0;
  let spins = 0;
  while (!enough(winnings)) {
    if (spins >= maxSpins) throw new Error(`not enough after ${spins} spins (winnings ${winnings})`);
    const rounds = await Promise.all(
      Array.from({ length: parallel }, () =>
        apiPost<{ win: number }>(request, '/games/demo/spin', { session_token, stake: MAX_STAKE }),
      ),
    );
    spins += rounds.length;
    winnings += rounds.reduce((s, r) => s + r.win, 0);
  }
  return { winnings, spins };
}

/** "KSh 1,234.50": how the site writes money in English. */
const ksh = (amount: number) =>
  `KSh ${new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;
/** "1,234.50": the amount in the toasts ("KES 1,234.50"). */
const amountText = (amount: number) =>
  new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);

/** A toast (sonner) by its title. */
const toast = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) });

const headerBalance = (page: Page) => page.getByTestId('header-balance');
const lastRequest = (page: Page) => page.getByRole('region', { name: 'Your last request' });
const historyList = (page: Page) => page.getByRole('list', { name: 'Transaction history' });
const amountField = (page: Page) => page.getByLabel('Amount', { exact: true });

/** Submits the deposit form and returns the transaction id the API answered with. */
async function submitDeposit(page: Page): Promise<{ id: string; status: string }> {
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/wallet/deposit') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const res = await answered;
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { transaction_id: string; status: string };
  return { id: body.transaction_id, status: body.status };
}

test.describe('deposit', () => {
  test('500 through the form: success toast, a pending card that settles without reload, header +475 (500 less the excise duty)', async ({
    page,
    request,
  }) => {
    const player = await createPlayer(request);
    // The simulator keeps this player's deposit pending until the test settles it, below: the
    // pending card is seen for as long as the test needs, not inside the simulator's 2 s.
    await holdPayments(request, player.phone);
    await signIn(page, player);
    await page.goto('/transactions');
    await expect(page.getByText('No transactions found')).toBeVisible();
    await expect(headerBalance(page)).toHaveText(ksh(0));
    // Marks this document: still there at the end means the page never reloaded.
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deposit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Deposit' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Current balance' })).toContainText(ksh(0));
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await expect(toast(page, 'Amount Required')).toContainText('Please enter a deposit amount');

    await page.getByRole('button', { name: 'KSh 500', exact: true }).click();
    await expect(amountField(page)).toHaveValue('500');
    // Before the player confirms: what the duty takes and what reaches the wallet.
    await expect(page.getByTestId('tax-preview')).toHaveText(
      `${ksh(500)} deposited, excise duty ${ksh(exciseOf(500))}, ${ksh(creditOf(500))} to your wallet`,
    );
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/wallet/deposit') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    // Straight to the list while the deposit is pending (the toast is checked right after).
    // By keyboard: on a phone-sized screen the toast lies over the link for its 4 s.
    await lastRequest(page).getByRole('link', { name: 'View transactions' }).press('Enter');
    const cards = historyList(page).getByRole('listitem');
    const card = cards.filter({ hasText: `+${ksh(500)}` });
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();

    const { transaction_id: id, status } = (await (await answered).json()) as {
      transaction_id: string;
      status: string;
    };
    expect(status).toBe('pending');
    await expect(toast(page, 'Deposit Initiated')).toContainText(
      `Your deposit of KES ${amountText(500)} is being processed. Transaction ID: ${id}`,
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
    await expect(page.getByText('View your transaction history')).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(card.getByRole('heading', { name: 'Deposit' })).toBeVisible();
    await expect(card).toContainText('Mobile money');

    // Still pending, then settled (the provider's callback arrives): the list follows on its own.
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    expect(await settlePayments(request, player.phone)).toBe(1);
    await expect(card.getByText('Completed', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(card.getByText('Pending', { exact: true })).toHaveCount(0);
    await expect(card.getByTestId('tax')).toHaveText(`Excise duty ${ksh(25)} · ${ksh(475)} to wallet`);
    await expect(headerBalance(page)).toHaveText(ksh(475));
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
  });

  test('a number whose payment prompt the player cancels: the deposit shows as failed', async ({
    page,
    request,
  }) => {
    await signIn(page, await playerWithPhone(request, SIMULATOR.cancelledByUser));
    await page.goto('/deposit');
    await expect(page.getByLabel('Mobile Money phone number')).toHaveValue(SIMULATOR.cancelledByUser);
    // An amount of its own: a rerun on the same server finds this number's account (and cards) again.
    const amount = 201 + (Date.now() % 700);
    await amountField(page).fill(String(amount));
    const { id } = await submitDeposit(page);
    await expect(toast(page, 'Deposit Initiated')).toContainText(`Transaction ID: ${id}`);
    await expect(amountField(page)).toHaveValue('');

    const failed = toast(page, 'Deposit Failed');
    await expect(failed).toContainText('Your deposit could not be processed. Please try again.', {
      timeout: 15_000,
    });
    await expect(lastRequest(page)).toContainText('Failed');
    await expect(lastRequest(page).getByRole('status')).toHaveText(
      'The deposit did not go through. (Request cancelled by user)',
    );
    await expect(page.getByRole('region', { name: 'Current balance' })).toContainText(ksh(0));
    await expect(headerBalance(page)).toHaveText(ksh(0));

    await lastRequest(page).getByRole('link', { name: 'View transactions' }).click();
    const card = historyList(page)
      .getByRole('listitem')
      .filter({ hasText: `+${ksh(amount)}` });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Failed', { exact: true })).toBeVisible();
  });

  test('a number the provider refuses at once: the deposit fails and the failure notice follows', async ({
    page,
    request,
  }) => {
    await signIn(page, await playerWithPhone(request, SIMULATOR.refusedAtOnce));
    await page.goto('/deposit');
    await expect(page.getByLabel('Mobile Money phone number')).toHaveValue(SIMULATOR.refusedAtOnce);
    await amountField(page).fill('750');
    const { status } = await submitDeposit(page);
    expect(status).toBe('failed');
    await expect(lastRequest(page)).toContainText('Failed');
    await expect(lastRequest(page).getByRole('status')).toContainText('The deposit did not go through.');

    await expect(toast(page, 'Deposit Failed')).toContainText(
      'Your deposit could not be processed. Please try again.',
    );
    // Never announced as "being processed": that toast (4 s) would still be on screen now.
    expect(await toast(page, 'Deposit Initiated').count()).toBe(0);
    // Its 2 s delay (docs/product-rules.md#deposit) is pinned with fake timers in the wallet's
    // component tests, not against the wall clock here.
    await expect(headerBalance(page)).toHaveText(ksh(0));
  });
});

test.describe('withdraw', () => {
  test('rules: below 100 or above the balance disable the button and say why', async ({ page, request }) => {
    const player = await createPlayer(request);
    await depositSettled(request, player, [2000]);
    const { winnings, spins } = await playDemoUntil(request, player, (w) => w > 0, { maxSpins: 20 });
    // The seeded game: the first round loses, the second pays 2.5x the stake.
    expect({ winnings, spins }).toEqual({ winnings: 2.5 * MAX_STAKE, spins: 2 });
    expect((await pots(request, player)).withdrawal).toBe(winnings);
    await signIn(page, player);

    await page.goto('/withdraw');
    await expect(page.getByRole('heading', { level: 1, name: 'Withdraw' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Available balance' })).toContainText(ksh(winnings));
    const info = page.getByRole('region', { name: 'Withdrawal information' });
    await expect(info.getByRole('term')).toHaveText(['Minimum', 'Maximum', 'Processing time']);
    await expect(info.getByRole('definition')).toHaveText(['KSh 100', 'KSh 150,000', 'Instant']);

    const submit = page.getByRole('button', { name: 'Withdraw', exact: true });
    const field = amountField(page);
    await field.fill('99');
    await expect(page.getByText('Minimum withdrawal amount is KES 100')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(submit).toBeDisabled();

    await field.fill('100');
    await expect(page.getByText('Minimum withdrawal amount is KES 100')).toHaveCount(0);
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await expect(submit).toBeEnabled();

    await field.fill(String(winnings + 1));
    await expect(page.getByText("You don't have enough balance for this withdrawal")).toBeVisible();
    await expect(submit).toBeDisabled();

    // Only winnings can be withdrawn: the header's total also counts the deposited money left.
    await expect(headerBalance(page)).toHaveText(ksh(creditOf(2000) - spins * MAX_STAKE + winnings));
    await field.fill(String(winnings));
    await expect(page.getByText("You don't have enough balance for this withdrawal")).toHaveCount(0);
    await expect(submit).toBeEnabled();
  });

  test('above 150,000: the page names the maximum and sends nothing', async ({ page, request }) => {
    // The maximum is checked before the balance: no winnings needed to see it (the server's own
    // refusal is the API tests').
    const player = await createPlayer(request);
    await signIn(page, player);
    const posts: string[] = [];
    page.on(
      'request',
      (r) => r.method() === 'POST' && r.url().endsWith('/wallet/withdraw') && posts.push(r.url()),
    );
    await page.goto('/withdraw');
    const field = amountField(page);
    await field.fill('150001');
    await expect(page.getByText('The most you can withdraw at once is KSh 150,000')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    const submit = page.getByRole('button', { name: 'Withdraw', exact: true });
    await expect(submit).toBeDisabled();
    await field.press('Enter');
    expect(posts).toEqual([]);
  });

  test('a won game, then a withdrawal of the winnings that completes', async ({ page, request }) => {
    test.setTimeout(60_000);
    const player = await createPlayer(request);
    await depositSettled(request, player, [5000]);
    await signIn(page, player);

    // Play in the game page's frame until a round wins.
    await page.goto(`/game/${encodeURIComponent(DEMO_GAME.name)}?gameId=${DEMO_GAME.id}`);
    const frame = page.frameLocator(`iframe[title="${DEMO_GAME.name} game"]`);
    // 5,000 deposited, 4,750 in the wallet after the excise duty.
    await expect(frame.getByText('Balance: KES 4750.00')).toBeVisible();
    await frame
      .getByRole('group', { name: 'Stake' })
      .getByRole('button', { name: String(MAX_STAKE) })
      .click();
    const spin = frame.getByRole('button', { name: 'SPIN' });
    const outcome = frame.getByRole('status');
    // The seeded game (e2e/support/test-control.ts): the first round loses, the second wins.
    await spin.click();
    await expect(outcome).toHaveText('No win this time');
    await expect(spin).toBeEnabled();
    await spin.click();
    const win = 2.5 * MAX_STAKE;
    await expect(outcome).toHaveText(`You won KES ${win.toFixed(2)}!`);
    await expect(spin).toBeEnabled();
    const total = creditOf(5000) - 2 * MAX_STAKE + win;
    await expect(frame.getByText(`Balance: KES ${total.toFixed(2)}`)).toBeVisible();
    await page.getByRole('link', { name: 'Leave the game' }).click();
    await expect(headerBalance(page)).toHaveText(ksh(total));

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Withdraw' }).click();
    const available = page.getByRole('region', { name: 'Available balance' });
    await expect(available).toContainText(ksh(win));
    await amountField(page).fill(String(win));
    await expect(page.getByTestId('tax-preview')).toHaveText(
      `${ksh(win)} withdrawn, withholding tax ${ksh(withholdingOf(win))}, ${ksh(payoutOf(win))} to your M-Pesa`,
    );
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/wallet/withdraw') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const { transaction_id: id } = (await (await answered).json()) as { transaction_id: string };

    await expect(toast(page, 'Withdrawal Initiated')).toContainText(
      `Your withdrawal of KES ${amountText(win)} is being processed. Transaction ID: ${id}`,
    );
    await expect(lastRequest(page)).toContainText(`Withdrawal of ${ksh(win)}`);
    await expect(toast(page, 'Withdrawal Completed')).toContainText(
      `${ksh(payoutOf(win))} has been sent to your phone.`,
      {
        timeout: 15_000,
      },
    );
    await expect(lastRequest(page)).toContainText('Completed');
    await expect(lastRequest(page).getByRole('status')).toHaveText('The money has been sent to your phone.');
    await expect(available).toContainText(ksh(0));
    await expect(headerBalance(page)).toHaveText(ksh(total - win));

    await lastRequest(page).getByRole('link', { name: 'View transactions' }).click();
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    const card = historyList(page).getByRole('listitem');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { name: 'Withdrawal' })).toBeVisible();
    await expect(card.getByTestId('amount')).toHaveText(`-${ksh(win)}`);
    await expect(card.getByTestId('tax')).toHaveText(
      `Withholding tax ${ksh(withholdingOf(win))} · ${ksh(payoutOf(win))} to M-Pesa`,
    );
    await expect(card.getByText('Completed', { exact: true })).toBeVisible();
  });
});

test('transactions: Load More appends pages of 10 and the tabs filter by type', async ({ page, request }) => {
  const player = await createPlayer(request);
  // Twelve deposits of different amounts, then a withdrawal of 100 from a win.
  const deposits = Array.from({ length: 12 }, (_, i) => 1001 + i);
  await depositSettled(request, player, deposits);
  await playDemoUntil(request, player, (w) => w >= 100, { maxSpins: 60 });
  await apiPost(
    request,
    '/wallet/withdraw',
    { amount: 100, currency: 'KES', phone_number: player.phone },
    { ...auth(player), 'Idempotency-Key': randomUUID() },
  );
  await expect
    .poll(async () => (await allTransactions(request, player)).map((t) => t.status).sort(), {
      timeout: 15_000,
    })
    .toEqual(Array(13).fill('completed'));
  await signIn(page, player);

  // The next page is held until 'Loading...' has been seen on the button.
  let releaseNextPage!: () => void;
  const nextPageHeld = new Promise<void>((resolve) => {
    releaseNextPage = resolve;
  });
  const isNextPage = (url: URL) =>
    url.pathname === '/api/v1/wallet/transactions' && url.searchParams.has('page_token');
  await page.route(isNextPage, async (route) => {
    await nextPageHeld;
    await route.continue();
  });

  await page.goto('/transactions');
  const cards = historyList(page).getByRole('listitem');
  const amounts = cards.getByTestId('amount');
  const loadMore = page.getByRole('button', { name: 'Load More' });
  const allAmounts = [...deposits.map((d) => `+${ksh(d)}`), `-${ksh(100)}`];

  await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  await expect(cards).toHaveCount(10);
  await loadMore.click();
  await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  releaseNextPage();
  await expect(cards).toHaveCount(13);
  await expect(loadMore).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Loading...' })).toHaveCount(0);
  // Every transaction once: the second page continued the first.
  expect((await amounts.allTextContents()).sort()).toEqual([...allAmounts].sort());

  const asked = page.waitForRequest(
    (r) => r.url().includes('/wallet/transactions') && r.url().includes('type=deposit'),
  );
  await page.getByRole('tab', { name: 'Deposits' }).click();
  await asked;
  await expect(cards).toHaveCount(10);
  await expect(cards.getByRole('heading')).toHaveText(Array(10).fill('Deposit'));
  await loadMore.click();
  await expect(cards).toHaveCount(12);
  await expect(loadMore).toHaveCount(0);
  expect((await amounts.allTextContents()).sort()).toEqual(deposits.map((d) => `+${ksh(d)}`).sort());
  await expect(cards.getByText('Completed', { exact: true })).toHaveCount(12);

  await page.getByRole('tab', { name: 'Withdrawals' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading')).toHaveText(['Withdrawal']);
  await expect(amounts).toHaveText([`-${ksh(100)}`]);
  await expect(loadMore).toHaveCount(0);
});
