/**
 * The shell against the real API: guards and redirects, lockout, config failure, bottom navigation
 * per feature flag, header balance, languages, support chat, error reports.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { editBootData } from '../support/boot-data.ts';
import { FAKE_WIDGET_URL, overrideConfig, serveFakeChatWidget } from '../support/fake-services.ts';
import { overrideManifest, serveFixture } from '../support/federation.ts';
import { homeLoaded } from '../support/first-screen.ts';
import { releaseManagerToken } from '../support/releases.ts';
import { sitePaths } from '../support/routes.ts';
import {
  createPlayer,
  type Player,
  playerForAll,
  refreshCookieOf,
  signIn,
  uniquePhone,
} from '../support/session.ts';
import { creditOf } from '../support/taxes.ts';
import { expect, test } from '../support/test.ts';

/** What the fake chat widget records (e2e/support/fake-services.ts). */
interface ChatWindow {
  __chat: {
    runs: unknown[];
    toggles: number;
    users: Record<string, string>[];
    attributes: Record<string, string>[];
  };
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function loginThroughUi(page: Page, phone: string, password: string) {
  await page.getByLabel('Phone Number').fill(phone.replace('+254', ''));
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function apiDeposit(page: Page, player: Player, amount: number) {
  const res = await page.request.post('/api/v1/wallet/deposit', {
    headers: { Authorization: `Bearer ${player.accessToken}`, 'Idempotency-Key': crypto.randomUUID() },
    data: { amount, currency: 'KES', phone_number: player.phone },
  });
  expect(res.ok()).toBe(true);
}

test.describe('guards', () => {
  test('a guest on a protected page goes to /login and comes back after signing in', async ({
    page,
    request,
  }) => {
    const player = await createPlayer(request);
    await page.goto('/transactions');
    await expect(page).toHaveURL(/\/login$/);
    await loginThroughUi(page, player.phone, player.password);
    await expect(page).toHaveURL(/\/transactions$/);
    await expect(page.getByRole('heading', { name: 'Transactions' })).toBeVisible();
  });

  // One test per route (the route table's protected ones): each is one page's work under its own time-out.
  for (const path of sitePaths((route) => route.access === 'protected'))
    test(`every protected route sends a guest to /login: ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login$/);
    });

  test.describe("a signed-in player is sent home from the guests' pages and /verify", () => {
    const player = playerForAll();
    for (const path of sitePaths((route) => route.access === 'guest' || route.access === 'pending'))
      test(path, async ({ page }) => {
        await signIn(page, player());
        await page.goto(path);
        await expect(page, path).toHaveURL(/\/$/);
      });
  });

  test('a guest on /verify goes to /login', async ({ page }) => {
    await page.goto('/verify');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a pending player is sent to /verify from other pages, which is remembered', async ({
    page,
    request,
  }) => {
    const phone = uniquePhone();
    await request.post('/api/v1/auth/register', { data: { phone, password: 'pending-pass-1' } });
    await page.goto('/login');
    await loginThroughUi(page, phone, 'pending-pass-1');
    await expect(page).toHaveURL(/\/verify$/);
    await page.goto('/transactions');
    await expect(page).toHaveURL(/\/verify$/);
    expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterVerification'))).toBe(
      '/transactions',
    );
    // /login and /join are exempt.
    await page.goto('/join');
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  });

  test('a feature that is off shows Unavailable and hides its nav items', async ({ page, request }) => {
    await signIn(page, await createPlayer(request));
    await overrideConfig(page, (data) => {
      data.features.wallet_enabled = false;
    });
    await page.goto('/deposit');
    await expect(page.getByTestId('unavailable')).toHaveAttribute('data-reason', 'feature-off');
    await expect(nav(page).getByRole('link', { name: 'Deposit' })).toHaveCount(0);
    await expect(nav(page).getByRole('link', { name: 'Withdraw' })).toHaveCount(0);
    await page.goto('/withdraw');
    await expect(page.getByTestId('unavailable')).toBeVisible();
  });
});

// On /profile the shell reads the identity before it listens for an ended session (decision 030).
for (const path of ['/', '/profile']) {
  test(`a revoked session opening ${path} ends in the login page with the Session Expired alert`, async ({
    page,
    request,
  }) => {
    const player = await createPlayer(request);
    const given = await signIn(page, player);
    // Someone replays a refresh token whose successor was already used (a repeat within seconds,
    // before that, is two tabs and gets the same pair): the server revokes the whole session.
    const refresh = (token: string) =>
      request.post('/api/v1/auth/refresh', { headers: { cookie: `mchezo_refresh=${token}` } });
    const next = refreshCookieOf(await refresh(given))!;
    expect((await refresh(next)).ok()).toBe(true);
    expect((await refresh(given)).status()).toBe(401);
    await page.goto(path);
    await expect(page).toHaveURL(/\/login\?locked=true$/);
    const alert = page.getByRole('alert').filter({ hasText: 'Session Expired' });
    await expect(alert).toContainText('You have been logged out due to security reasons.');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });
}

test('a config failure shows a toast and the defaults apply', async ({ page }) => {
  // The site could not write the config into the page, and /config is down.
  await editBootData(page, (boot) => {
    delete boot.config;
  });
  await page.route('**/api/v1/config', (route) => route.fulfill({ status: 503, json: { error: 'down' } }));
  await page.goto('/');
  await expect(page.getByText('Failed to load configuration')).toBeVisible();
  // Defaults: wallet on, affiliate off, languages offered.
  await expect(nav(page).getByRole('link', { name: 'Deposit' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Affiliate' })).toHaveCount(0);
  await expect(page.getByLabel('Language')).toBeVisible();
  await homeLoaded(page);
});

test.describe('bottom navigation', () => {
  test('Home and Profile always; Deposit and Withdraw with the wallet; Affiliate with affiliate', async ({
    page,
  }) => {
    await overrideConfig(page, (data) => {
      data.features.affiliate_enabled = true;
    });
    await page.goto('/');
    for (const name of ['Home', 'Deposit', 'Withdraw', 'Affiliate', 'Profile']) {
      await expect(nav(page).getByRole('link', { name })).toBeVisible();
    }
  });

  test('hidden on game pages', async ({ page, request }) => {
    await signIn(page, await createPlayer(request));
    await page.goto('/');
    await expect(nav(page)).toBeVisible();
    await page.goto('/game/Safari%20Gold?gameId=safari-gold');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });

  test('no language picker when multi_language is off', async ({ page }) => {
    await overrideConfig(page, (data) => {
      data.features.multi_language = false;
    });
    await page.goto('/');
    await homeLoaded(page);
    await expect(page.getByLabel('Language')).toHaveCount(0);
  });
});

test('the header shows the sum of the balances and links to the profile', async ({ page, request }) => {
  const player = await createPlayer(request);
  await apiDeposit(page, player, 250);
  await apiDeposit(page, player, 500);
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/v1/wallet/balance', {
          headers: { Authorization: `Bearer ${player.accessToken}` },
        });
        const body = await res.json();
        return body.balances.reduce((n: number, b: { amount: number }) => n + b.amount, 0);
      },
      { timeout: 15_000 },
    )
    // 250 + 500 deposited, less the 5% excise duty on each (12.50 and 25).
    .toBe(creditOf(250) + creditOf(500));
  await signIn(page, player);
  await page.goto('/');
  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveText('KSh 712.50');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await balance.click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('switching to Kiswahili changes the text, and the choice is kept', async ({ page }) => {
  await page.goto('/');
  await expect(nav(page).getByRole('link', { name: 'Home' })).toBeVisible();
  await page.getByLabel('Language').selectOption('sw');
  await expect(
    page.getByRole('navigation', { name: 'Kuu' }).getByRole('link', { name: 'Mwanzo' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Jiunge Sasa' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await page.reload();
  await expect(page.getByRole('link', { name: 'Ingia' })).toBeVisible();
});

test('the help button toggles the support chat, which knows the signed-in player', async ({
  page,
  request,
}) => {
  const player = await createPlayer(request);
  await signIn(page, player);
  await serveFakeChatWidget(page);
  await overrideConfig(page, (data) => {
    data.features.live_chat = true;
    data.support_chat = { widget_url: FAKE_WIDGET_URL, website_token: 'e2e-site' };
  });
  await page.goto('/');
  const help = page.getByRole('button', { name: 'Help and support chat' });
  await expect(help).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as Partial<ChatWindow>).__chat?.runs.length ?? 0))
    .toBe(1);
  // Identified when the widget is ready and again 500 ms after sign-in
  // (docs/product-rules.md#support-chat): once or twice, depending on which comes first, always as
  // this player.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as ChatWindow).__chat.users.length))
    .toBeGreaterThan(0);
  const users = (await page.evaluate(() => (window as unknown as ChatWindow).__chat.users)) as Record<
    string,
    string
  >[];
  for (const user of users) {
    expect(user).toEqual(
      expect.objectContaining({
        id: player.phone,
        phone_number: player.phone,
        name: 'Achieng Otieno',
        identifier_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    );
  }
  for (const attributes of await page.evaluate(() => (window as unknown as ChatWindow).__chat.attributes)) {
    expect(attributes).toEqual({ country: 'KE' });
  }
  await help.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as ChatWindow).__chat.toggles)).toBe(1);
  // Dragging moves it without toggling.
  const box = (await help.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x - 80, box.y - 120, { steps: 5 });
  await page.mouse.up();
  expect(await page.evaluate(() => (window as unknown as ChatWindow).__chat.toggles)).toBe(1);
  expect((await help.boundingBox())!.x).toBeLessThan(box.x - 40);
  // Only on the home screen.
  await nav(page).getByRole('link', { name: 'Profile' }).click();
  await expect(help).toHaveCount(0);
});

test("without a chat service the help button opens the support contacts, in the player's language", async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('language', 'sw'));
  await page.goto('/');
  const help = page.getByRole('button', { name: 'Msaada: wasiliana na huduma kwa wateja' });
  await expect(help).toBeVisible();
  await help.click();
  const panel = page.getByRole('dialog', { name: 'Tukusaidie vipi?' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link', { name: /Piga simu/ })).toHaveAttribute('href', 'tel:+254700000000');
  await expect(panel.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    'https://wa.me/254700000000',
  );
  await expect(panel.getByRole('link', { name: /Barua pepe/ })).toHaveAttribute(
    'href',
    'mailto:support@mchezo.co.ke',
  );
  await expect(panel.getByRole('link', { name: /Piga simu/ })).toContainText('+254 700 000 000');
  // Escape closes it and focus goes back to the button.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(help).toBeFocused();
  // Only on the home screen.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Msaada: wasiliana na huduma kwa wateja' })).toHaveCount(0);
});

test("a render error reaches the platform's store with its remote and version, the player and no secrets", async ({
  page,
  request,
}) => {
  const player = await createPlayer(request);
  const refreshToken = await signIn(page, player);
  const entry = await serveFixture(
    page,
    'throwing-lobby',
    join(import.meta.dirname, '..', 'fixtures', 'throwing-remote', 'dist', 'federated'),
  );
  const version = `0.0.0-throwing-${Date.now()}`;
  await overrideManifest(page, (m) => {
    m.remotes.lobby = { version, entry, enabled: true };
  });
  await page.goto('/');
  await expect(page.getByTestId('unavailable')).toBeVisible();
  const token = await releaseManagerToken(request);
  const stored = async () => {
    const res = await request.get(`/api/v1/errors/events?remote=lobby&version=${version}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { events: { message: string; phase: string; event: unknown }[] }).events;
  };
  await expect
    .poll(async () => (await stored()).find((e) => e.message.includes('Deliberate render failure')), {
      timeout: 15_000,
    })
    .toBeTruthy();
  const event = (await stored()).find((e) => e.message.includes('Deliberate render failure'))!;
  expect(event.phase).toBe('render');
  const text = JSON.stringify(event.event);
  // docs/product-rules.md#error-reporting-and-privacy: the player's id and phone go, secrets never.
  expect(text).toContain(String(player.user.id));
  expect(text).toContain(player.phone);
  expect(text).not.toContain(player.password);
  expect(text).not.toContain(player.accessToken);
  expect(text).not.toContain(player.refreshToken);
  expect(text).not.toContain(refreshToken);
});
