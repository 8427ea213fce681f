/**
 * The lobby remote in Chromium against the real API: the home's tabs and groups from the seeded
 * catalogue, a tab filtering to one category, a card opening the game page with the demo game in
 * its frame, a failing game link, the bottom nav hidden on /game/, and a round of the demo game
 * showing in the header balance once the player leaves.
 */
import type { Page } from '@playwright/test';
import { paintReported } from '../support/paint.ts';
import { balances, catalogue, depositSettled, type Game } from '../support/play.ts';
import { createPlayer, signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

/**
 * Lobby order of the groups, and the tab (and heading) each category goes under
 * (docs/product-rules.md#home).
 */
const CATEGORIES = [
  { category: 'slots', label: 'Slots' },
  { category: 'spin', label: 'Spin' },
  { category: 'sports', label: 'Live' },
  { category: 'live_sports', label: 'Sport' },
] as const;

const gamePath = (g: Game) => `/game/${encodeURIComponent(g.name)}?gameId=${encodeURIComponent(g.game_id)}`;

/** "KSh 1,234.50", as the shell's header writes an amount in English. */
const ksh = (amount: number) =>
  `KSh ${new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

const lobbyTabs = (page: Page) => page.getByRole('tablist', { name: 'Game categories' }).getByRole('tab');
const lobbyPanel = (page: Page) => page.getByRole('tabpanel');
const bottomNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('home shows every lobby tab and the catalogue grouped as slots, spin, sports, live_sports', async ({
  page,
  request,
}) => {
  const games = await catalogue(request);
  // The seeded catalogue fills all four categories (docs/product-rules.md#home), so all four groups
  // show.
  for (const { category } of CATEGORIES) expect(games.some((g) => g.category === category)).toBe(true);

  await page.goto('/');
  const tabs = lobbyTabs(page);
  await expect(tabs).toHaveCount(5);
  for (const [i, label] of ['All', 'Slots', 'Spin', 'Live', 'Sport'].entries()) {
    // Each tab: its label, then its players count.
    await expect(tabs.nth(i)).toHaveText(new RegExp(`^${label}\\s*[\\d,]+ players$`));
  }
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');

  const panel = lobbyPanel(page);
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(CATEGORIES.map((c) => c.label));
  for (const { category, label } of CATEGORIES) {
    const expected = games.filter((g) => g.category === category);
    const cards = panel.getByRole('region', { name: label, exact: true }).getByRole('link');
    await expect(cards).toHaveText(expected.map((g) => g.name));
    for (const [i, game] of expected.entries()) {
      await expect(cards.nth(i)).toHaveAttribute('href', gamePath(game));
    }
  }
});

test('each tab but All shows one category, without group headings', async ({ page, request }) => {
  const games = await catalogue(request);
  await page.goto('/');
  const panel = lobbyPanel(page);
  await expect(panel.getByRole('heading', { level: 2 })).toHaveCount(CATEGORIES.length);

  for (const { category, label } of CATEGORIES) {
    const tab = lobbyTabs(page).filter({ hasText: new RegExp(`^${label}`) });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole('heading')).toHaveCount(0);
    await expect(panel.getByRole('link')).toHaveText(
      games.filter((g) => g.category === category).map((g) => g.name),
    );
  }

  // Back to All: every group again.
  await lobbyTabs(page).filter({ hasText: /^All/ }).click();
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(CATEGORIES.map((c) => c.label));
});

test('a card opens the game page, the frame runs the demo game and the bottom nav is hidden', async ({
  page,
  request,
}) => {
  const games = await catalogue(request);
  const game = games.find((g) => g.category === 'slots')!;
  await signIn(page, await createPlayer(request));
  await page.goto('/');
  await expect(bottomNav(page)).toBeVisible();

  await lobbyPanel(page).getByRole('link', { name: game.name, exact: true }).click();
  await expect(page).toHaveURL(gamePath(game));
  await expect(page.getByRole('heading', { level: 1, name: game.name })).toBeVisible();
  await expect(bottomNav(page)).toHaveCount(0);

  const frameElement = page.getByTitle(`${game.name} game`);
  await expect(frameElement).toBeVisible();
  await expect(frameElement).toHaveAttribute('src', /\/api\/v1\/games\/demo\/play\?launch=/);
  const frame = page.frameLocator(`iframe[title="${game.name} game"]`);
  // The demo page exchanged its launch token: it names the game and shows the player's balance.
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(game.name);
  await expect(frame.getByText('Balance: KES 0.00')).toBeVisible();
  // No stake below the minimum stake (KSh 20, docs/product-rules.md#regulation).
  await expect(frame.getByRole('group', { name: 'Stake' }).getByRole('button')).toHaveText([
    '20',
    '50',
    '100',
    '200',
  ]);
  await expect(frame.getByRole('button', { name: 'SPIN' })).toBeEnabled();
  // The game runs with an opaque origin: the player's tokens in this site's storage are out of reach.
  const gameFrame = page.frames().find((f) => f.url().includes('/games/demo/play'))!;
  expect(
    await gameFrame.evaluate(() => {
      try {
        return localStorage.getItem('access_token') ?? 'no token visible';
      } catch {
        return 'storage blocked';
      }
    }),
  ).toBe('storage blocked');
  // The balance and the stakes arrive with the game's session into room kept for them: nothing
  // on the game's page moved while it started.
  await paintReported(gameFrame);
  const shifted = await gameFrame.evaluate(() => {
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: 'layout-shift', buffered: true });
    const shifts = observer.takeRecords() as (PerformanceEntry & { value: number })[];
    return shifts.reduce((total, e) => total + e.value, 0);
  });
  expect(shifted).toBe(0);

  await page.getByRole('link', { name: 'Leave the game' }).click();
  await expect(page).toHaveURL('/');
  await expect(bottomNav(page)).toBeVisible();
});

test('a failing game link says so and links back to the games', async ({ page, request }) => {
  const games = await catalogue(request);
  const game = games.find((g) => g.category === 'spin')!;
  await signIn(page, await createPlayer(request));
  // Held until the loading state has been seen, then refused (the query retries once).
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let calls = 0;
  await page.route('**/api/v1/casino/game/link', async (route) => {
    calls += 1;
    await held;
    await route.fulfill({ status: 500, json: { error: 'Game provider unavailable' } });
  });

  await page.goto('/');
  await lobbyPanel(page).getByRole('link', { name: game.name, exact: true }).click();
  await expect(page).toHaveURL(gamePath(game));
  await expect(page.getByRole('status').getByText(`Loading ${game.name}...`)).toBeAttached();
  release();

  const alert = page.getByRole('alert').filter({ hasText: 'Failed to load' });
  await expect(alert).toContainText(`Failed to load ${game.name}. Please try again later.`);
  await expect(page.getByTitle(`${game.name} game`)).toHaveCount(0);
  await expect(bottomNav(page)).toHaveCount(0);
  expect(calls).toBeGreaterThanOrEqual(1);

  const back = alert.getByRole('link', { name: 'Go back to games' });
  await expect(back).toHaveAttribute('href', '/');
  await back.click();
  await expect(page).toHaveURL('/');
  await expect(lobbyTabs(page)).toHaveCount(5);
  await expect(bottomNav(page)).toBeVisible();
});

test('a round of the demo game shows in the header balance once the player leaves', async ({
  page,
  request,
}) => {
  const games = await catalogue(request);
  const game = games.find((g) => g.category === 'slots')!;
  const player = await createPlayer(request);
  await depositSettled(request, player, 1000);
  await signIn(page, player);

  await page.goto('/');
  const header = page.getByTestId('header-balance');
  // 1,000 deposited, 950 after the excise duty.
  await expect(header).toHaveText(ksh(950));
  await lobbyPanel(page).getByRole('link', { name: game.name, exact: true }).click();

  const frame = page.frameLocator(`iframe[title="${game.name} game"]`);
  await expect(frame.getByText('Balance: KES 950.00')).toBeVisible();
  const stake100 = frame.getByRole('group', { name: 'Stake' }).getByRole('button', { name: '100' });
  await stake100.click();
  await expect(stake100).toHaveAttribute('aria-pressed', 'true');
  await frame.getByRole('button', { name: 'SPIN' }).click();
  const outcome = frame.getByRole('status');
  await expect(outcome).toHaveText(/^(You won KES \d+\.\d{2}!|No win this time)$/);
  const win = Number(/You won KES ([\d.]+)!/.exec((await outcome.textContent()) ?? '')?.[1] ?? 0);
  const after = 950 - 100 + win;
  // Every win of a 100 stake is at least 2.5×, so a round always changes the balance.
  expect(after).not.toBe(950);
  await expect(frame.getByText(`Balance: KES ${after.toFixed(2)}`)).toBeVisible();

  await page.getByRole('link', { name: 'Leave the game' }).click();
  await expect(page).toHaveURL('/');
  await expect(header).toHaveText(ksh(after));
  await expect(header).toHaveAccessibleName(`Balance: ${ksh(after)}`);
  // The server agrees: stakes came out of main, wins went to the withdrawal pot.
  expect(await balances(request, player)).toMatchObject({ main: 850, withdrawal: win, bonus: 0 });
});
