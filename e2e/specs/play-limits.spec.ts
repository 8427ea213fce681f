/**
 * Loss and stake limits (docs/decisions/041-loss-and-stake-limits.md) in Chromium against the real
 * API: a stake limit set on the Safer gambling page makes the demo game refuse a bigger stake,
 * saying why in the player's language, and nothing moves; a stake within it plays. In English and
 * in Kiswahili.
 */
import { balances, catalogue, depositSettled } from '../support/play.ts';
import { createPlayer, signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const LANGUAGES = {
  en: {
    frame: (game: string) => `${game} game`,
    field: 'Largest stake per bet',
    save: 'Save stake limit',
    saved: 'Stake limit saved',
    now: 'Now: KSh 50.00',
    balance: 'Balance: KES 950.00',
    stake: 'Stake',
    spin: 'SPIN',
    refused: 'Your stake limit is KES 50.00 a bet. Choose a smaller stake.',
    played: /^(You won KES \d+\.\d{2}!|No win this time)$/,
  },
  sw: {
    frame: (game: string) => `Mchezo wa ${game}`,
    field: 'Dau kubwa zaidi kwa mchezo',
    save: 'Weka kikomo cha dau',
    saved: 'Kikomo cha dau kimehifadhiwa',
    now: 'Sasa: KSh 50.00',
    balance: 'Salio: KES 950.00',
    stake: 'Dau',
    spin: 'ZUNGUSHA',
    refused: 'Kikomo chako cha dau ni KES 50.00 kwa kila dau. Chagua dau dogo zaidi.',
    played: /^(Umeshinda KES \d+\.\d{2}!|Hujashinda safari hii)$/,
  },
} as const;

for (const [language, words] of Object.entries(LANGUAGES)) {
  test(`${language}: a stake limit refuses a bigger stake in the demo game, saying why; nothing moves`, async ({
    page,
    request,
  }) => {
    const game = (await catalogue(request)).find((g) => g.category === 'slots')!;
    const player = await createPlayer(request);
    await depositSettled(request, player, 1000); // 950 after the excise duty
    await signIn(page, player);
    await page.goto('/');
    if (language !== 'en') await page.getByLabel('Language').selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);

    await page.goto('/safer-gambling');
    await page.getByRole('textbox', { name: words.field }).fill('50');
    await page.getByRole('button', { name: words.save }).click();
    await expect(page.getByText(words.saved)).toBeVisible();
    await expect(page.getByText(words.now)).toBeVisible();

    await page.goto(`/game/${encodeURIComponent(game.name)}?gameId=${encodeURIComponent(game.game_id)}`);
    const frame = page.frameLocator(`iframe[title="${words.frame(game.name)}"]`);
    await expect(frame.getByText(words.balance)).toBeVisible();
    const stakes = frame.getByRole('group', { name: words.stake });
    await stakes.getByRole('button', { name: '100', exact: true }).click();
    await frame.getByRole('button', { name: words.spin }).click();
    await expect(frame.getByRole('status')).toHaveText(words.refused);
    await expect(frame.getByText(words.balance)).toBeVisible();
    await page.screenshot({ path: `/tmp/stake-limit-refused-${language}-390.png`, fullPage: true });
    expect(await balances(request, player)).toEqual({ main: 950, withdrawal: 0, bonus: 0 });

    // A stake within the limit plays.
    await stakes.getByRole('button', { name: '50', exact: true }).click();
    await frame.getByRole('button', { name: words.spin }).click();
    await expect(frame.getByRole('status')).toHaveText(words.played);
    expect((await balances(request, player)).main).toBe(900);
  });
}
