/**
 * Loss and stake limits (docs/decisions/041-loss-and-stake-limits.md) in Chromium against the real
 * API: a limit set on the Safer gambling page makes the demo game refuse a stake it does not
 * allow, saying why in the player's language, and nothing moves; a stake within it plays. A stake
 * limit refuses a bigger stake; a daily loss limit refuses a stake that, lost, could take the
 * day's net loss (stakes − wins) over it. In English and in Kiswahili. The e2e server's demo game
 * is seeded (e2e/support/test-control.ts): a session's first round loses.
 */
import type { APIRequestContext, FrameLocator, Locator, Page } from '@playwright/test';
import { balances, catalogue, depositSettled } from '../support/play.ts';
import { createPlayer, type Player, signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

/** A limit's card on the Safer gambling page: its field, button, saved toast and hint once set. */
interface LimitCard {
  field: string;
  save: string;
  saved: string;
  now: string;
}

const LANGUAGES = {
  en: {
    frame: (game: string) => `${game} game`,
    balance: (kes: string) => `Balance: KES ${kes}`,
    stake: 'Stake',
    spin: 'SPIN',
    noWin: 'No win this time',
    played: /^(You won KES \d+\.\d{2}!|No win this time)$/,
    stakeLimit: {
      field: 'Largest stake per bet',
      save: 'Save stake limit',
      saved: 'Stake limit saved',
      now: 'Now: KSh 50.00',
      refused: 'Your stake limit is KES 50.00 a bet. Choose a smaller stake.',
    },
    lossLimit: {
      field: 'Daily loss limit',
      save: 'Save loss limits',
      saved: 'Loss limits saved',
      now: 'Now: KSh 100.00',
      refused:
        'This stake could take you over your daily loss limit of KES 100.00. You can stake up to KES 50.00 more today.',
    },
  },
  sw: {
    frame: (game: string) => `Mchezo wa ${game}`,
    balance: (kes: string) => `Salio: KES ${kes}`,
    stake: 'Dau',
    spin: 'ZUNGUSHA',
    noWin: 'Hujashinda safari hii',
    played: /^(Umeshinda KES \d+\.\d{2}!|Hujashinda safari hii)$/,
    stakeLimit: {
      field: 'Dau kubwa zaidi kwa mchezo',
      save: 'Weka kikomo cha dau',
      saved: 'Kikomo cha dau kimehifadhiwa',
      now: 'Sasa: KSh 50.00',
      refused: 'Kikomo chako cha dau ni KES 50.00 kwa kila dau. Chagua dau dogo zaidi.',
    },
    lossLimit: {
      field: 'Kikomo cha hasara cha siku',
      save: 'Weka vikomo vya hasara',
      saved: 'Vikomo vya hasara vimehifadhiwa',
      now: 'Sasa: KSh 100.00',
      refused:
        'Dau hili linaweza kuzidi kikomo chako cha hasara cha siku cha KES 100.00. Unaweza kuweka dau la hadi KES 50.00 zaidi leo.',
    },
  },
} as const;
type Language = keyof typeof LANGUAGES;

interface OpenGame {
  player: Player;
  frame: FrameLocator;
  /** Picks `stake` and spins; the round's outcome or refusal shows in `status`. */
  spin(stake: number): Promise<void>;
  status: Locator;
}

/**
 * A new player with KES 950 (1,000 deposited, less the excise duty) who, in `language`, sets
 * `amount` in a limit's card (`limit`) on the Safer gambling page as a player would, then opens
 * the demo slot.
 */
async function openGameWithLimit(
  { page, request }: { page: Page; request: APIRequestContext },
  language: Language,
  limit: 'stakeLimit' | 'lossLimit',
  amount: string,
): Promise<OpenGame> {
  const words = LANGUAGES[language];
  const card: LimitCard = words[limit];
  const game = (await catalogue(request)).find((g) => g.category === 'slots')!;
  const player = await createPlayer(request);
  await depositSettled(request, player, 1000);
  await signIn(page, player);
  await page.goto('/');
  if (language !== 'en') await page.getByLabel('Language').selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);

  await page.goto('/safer-gambling');
  await page.getByRole('textbox', { name: card.field }).fill(amount);
  await page.getByRole('button', { name: card.save }).click();
  await expect(page.getByText(card.saved)).toBeVisible();
  await expect(page.getByText(card.now)).toBeVisible();

  await page.goto(`/game/${encodeURIComponent(game.name)}?gameId=${encodeURIComponent(game.game_id)}`);
  const frame = page.frameLocator(`iframe[title="${words.frame(game.name)}"]`);
  await expect(frame.getByText(words.balance('950.00'))).toBeVisible();
  const stakes = frame.getByRole('group', { name: words.stake });
  return {
    player,
    frame,
    status: frame.getByRole('status'),
    async spin(stake) {
      await stakes.getByRole('button', { name: String(stake), exact: true }).click();
      await frame.getByRole('button', { name: words.spin }).click();
    },
  };
}

for (const language of Object.keys(LANGUAGES) as Language[]) {
  const words = LANGUAGES[language];
  test(`${language}: a stake limit refuses a bigger stake in the demo game, saying why; nothing moves`, async ({
    page,
    request,
  }) => {
    const game = await openGameWithLimit({ page, request }, language, 'stakeLimit', '50');
    await game.spin(100);
    await expect(game.status).toHaveText(words.stakeLimit.refused);
    await expect(game.frame.getByText(words.balance('950.00'))).toBeVisible();
    // The window's shot is the whole game page (fixed to the window). A full-page shot resizes the
    // window, and once the game's out-of-process frame went on hit-testing its tall layout: the
    // next stake's click landed on the title for 30 s (a clean-clone run on a busy machine).
    await page.screenshot({ path: `/tmp/shots/stake-limit-${language}.png` });
    expect(await balances(request, game.player)).toEqual({ main: 950, withdrawal: 0, bonus: 0 });

    // A stake within the limit plays.
    await game.spin(50);
    await expect(game.status).toHaveText(words.played);
    expect((await balances(request, game.player)).main).toBe(900);
  });

  test(`${language}: a daily loss limit refuses a stake that could take the day's loss over it, saying why; nothing moves`, async ({
    page,
    request,
  }) => {
    const game = await openGameWithLimit({ page, request }, language, 'lossLimit', '100');
    // Within what is left: it plays, and (seeded) loses: the day's net loss is 50.
    await game.spin(50);
    await expect(game.status).toHaveText(words.noWin);
    await expect(game.frame.getByText(words.balance('900.00'))).toBeVisible();
    expect(await balances(request, game.player)).toEqual({ main: 900, withdrawal: 0, bonus: 0 });

    // 100 more, lost, would make it 150: refused, naming the 50 that is left.
    await game.spin(100);
    await expect(game.status).toHaveText(words.lossLimit.refused);
    await expect(game.frame.getByText(words.balance('900.00'))).toBeVisible();
    await page.screenshot({ path: `/tmp/shots/loss-limit-${language}.png` });
    expect(await balances(request, game.player)).toEqual({ main: 900, withdrawal: 0, bonus: 0 });

    // Exactly what is left plays.
    await game.spin(50);
    await expect(game.status).toHaveText(words.played);
    expect((await balances(request, game.player)).main).toBe(850);
  });
}
