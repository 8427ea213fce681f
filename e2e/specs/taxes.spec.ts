/**
 * Betting taxes on screen (decision 018), at the e2e server's rates, the API's defaults: the
 * deposit form says the excise duty and what reaches the wallet before the player confirms, and
 * the header rises by the net; the withdraw form says the withholding tax and what reaches
 * M-Pesa before anything is asked of the API. In English and in Kiswahili.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { createPlayer, type Player, signIn } from '../support/session.ts';
import { creditOf, exciseOf, payoutOf, withholdingOf } from '../support/taxes.ts';
import { expect, test } from '../support/test.ts';

const DEMO_GAME_ID = 'lucky-sevens';
const STAKE = 100;

const LANGUAGES = {
  en: {
    deposit: (gross: string, tax: string, net: string) =>
      `${gross} deposited, excise duty ${tax}, ${net} to your wallet`,
    withdrawal: (gross: string, tax: string, net: string) =>
      `${gross} withdrawn, withholding tax ${tax}, ${net} to your M-Pesa`,
    card: (tax: string, net: string) => `Excise duty ${tax} · ${net} to wallet`,
  },
  sw: {
    deposit: (gross: string, tax: string, net: string) =>
      `${gross} zimewekwa, ushuru wa bidhaa ${tax}, ${net} zinaingia kwenye pochi yako`,
    withdrawal: (gross: string, tax: string, net: string) =>
      `${gross} zimetolewa, kodi ya zuio ${tax}, ${net} zinaenda kwenye M-Pesa yako`,
    card: (tax: string, net: string) => `Ushuru wa bidhaa ${tax} · ${net} kwenye pochi`,
  },
} as const;

/** "KSh 1,234.50": English and Kiswahili write money alike. */
const ksh = (amount: number) =>
  `KSh ${new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

const auth = (player: Player) => ({ Authorization: `Bearer ${player.accessToken}` });

async function apiPost<T>(request: APIRequestContext, path: string, data: unknown, headers = {}): Promise<T> {
  const res = await request.post(`/api/v1${path}`, { data, headers });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Two rounds of the demo game at STAKE: the e2e server's seed makes the first lose and the
 * second pay 2.5× (e2e/support/test-control.ts), so the withdrawal pot holds 250.
 */
async function winOnce(request: APIRequestContext, player: Player): Promise<number> {
  const { game_link } = await apiPost<{ game_link: string }>(
    request,
    '/casino/game/link',
    { game_id: DEMO_GAME_ID },
    auth(player),
  );
  const launch_token = new URL(game_link).searchParams.get('launch');
  const { session_token } = await apiPost<{ session_token: string }>(request, '/games/demo/session', {
    launch_token,
  });
  let won = 0;
  for (let i = 0; i < 2; i += 1) {
    won += (await apiPost<{ win: number }>(request, '/games/demo/spin', { session_token, stake: STAKE })).win;
  }
  return won;
}

const submitButton = (page: Page) => page.locator('form button[type="submit"]');

for (const [language, words] of Object.entries(LANGUAGES)) {
  test(`${language}: a deposit of 1,000 shows the excise duty first and raises the header by 950; a withdrawal shows its tax before it is confirmed`, async ({
    page,
    request,
  }) => {
    const player = await createPlayer(request);
    await signIn(page, player);
    await page.goto('/');
    if (language !== 'en') await page.getByLabel('Language').selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const header = page.getByTestId('header-balance');
    await expect(header).toHaveText(ksh(0));

    await page.goto('/deposit');
    const preview = page.getByTestId('tax-preview');
    await page.getByRole('button', { name: 'KSh 1,000', exact: true }).click();
    expect(await preview.getAttribute('aria-live')).toBe('polite');
    await expect(preview).toHaveText(words.deposit(ksh(1000), ksh(exciseOf(1000)), ksh(creditOf(1000))));
    expect(exciseOf(1000)).toBe(50);
    await page.screenshot({ path: `/tmp/taxes-deposit-${language}-390.png`, fullPage: true });
    await submitButton(page).click();
    // The simulator settles the deposit: the header rises by what reached the wallet.
    await expect(header).toHaveText(ksh(950), { timeout: 15_000 });

    await page.goto('/transactions');
    const card = page.getByRole('article').filter({ hasText: `+${ksh(1000)}` });
    await expect(card.getByTestId('tax')).toHaveText(words.card(ksh(50), ksh(950)));

    const won = await winOnce(request, player);
    expect(won).toBe(2.5 * STAKE);
    const withdrawals: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/v1/wallet/withdraw')) withdrawals.push(r.url());
    });
    await page.goto('/withdraw');
    await expect(page.getByText(ksh(won)).first()).toBeVisible();
    await page.locator('input[inputmode="decimal"]').fill('200');
    await expect(preview).toHaveText(words.withdrawal(ksh(200), ksh(withholdingOf(200)), ksh(payoutOf(200))));
    expect(withholdingOf(200)).toBe(10);
    await page.screenshot({ path: `/tmp/taxes-withdraw-${language}-390.png`, fullPage: true });
    // Shown before the player confirms: nothing has been asked of the API yet.
    expect(withdrawals).toEqual([]);
    await expect(submitButton(page)).toBeEnabled();
  });
}
