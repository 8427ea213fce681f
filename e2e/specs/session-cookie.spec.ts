/**
 * Sessions out of reach of scripts (docs/decisions/034-session-cookies.md):
 * the refresh token is an HttpOnly cookie and the access token lives in the page's memory, so
 * nothing a script can read holds either; a reload, a second tab, tokens expiring in both tabs at
 * once, and a logout all keep working.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { createPlayer, type Player } from '../support/session.ts';
import { startShortTokenServer } from '../support/short-token-server.ts';
import { expect, test } from '../support/test.ts';

async function loginThroughUi(page: Page, player: Player, base = '') {
  await page.goto(`${base}/login`);
  await page.getByLabel('Phone Number').fill(player.phone.slice(4));
  await page.getByLabel('Password').fill(player.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectSignedIn(page);
}

async function expectSignedIn(page: Page) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /^Balance: KSh \d/ })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
}

async function expectGuest(page: Page) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(header.getByRole('link', { name: /^Balance:/ })).toHaveCount(0);
}

/** Every token the site's auth answers gave this context's pages in their bodies. */
function collectTokens(context: BrowserContext): string[] {
  const tokens: string[] = [];
  context.on('response', async (res) => {
    if (!/\/api\/v1\/auth\/(login|refresh)$/.test(res.url()) || !res.ok()) return;
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    for (const key of ['access_token', 'refresh_token']) {
      const token = body?.[key];
      if (typeof token === 'string') tokens.push(token);
    }
  });
  return tokens;
}

const refreshCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((c) => c.name === 'mchezo_refresh');

/** What the page's scripts can read: every key and value of both storages, and document.cookie. */
const readable = (page: Page) =>
  page.evaluate(() => {
    const all: string[] = [document.cookie];
    for (const storage of [localStorage, sessionStorage]) {
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i)!;
        all.push(key, storage.getItem(key) ?? '');
      }
    }
    return all.join('\n');
  });

test('after sign-in no script can read a token; reload, a second tab and logout work', async ({
  page,
  context,
  request,
}) => {
  const player = await createPlayer(request);
  const tokens = collectTokens(context);
  const consoleErrors: string[] = [];
  context.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  await loginThroughUi(page, player);

  // Nothing a script can read holds a token the sign-in gave (before decision 034, both were
  // values in local storage).
  await expect.poll(() => tokens.length).toBeGreaterThan(0);
  for (const token of tokens) expect(await readable(page)).not.toContain(token);
  const cookie = await refreshCookie(context);
  expect(cookie).toMatchObject({
    path: '/api/v1/auth/refresh',
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
  });
  expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  expect(await readable(page)).not.toContain(cookie!.value);

  // A reload: the page asks the refresh (the cookie goes along) and is signed in again.
  await page.reload();
  await expectSignedIn(page);
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Balance:/ })
    .click();
  await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
  await expect(page.getByText('Your identity is confirmed.', { exact: false })).toBeVisible();

  // A second tab of the same browser is signed in too.
  const second = await context.newPage();
  await second.goto('/');
  await expectSignedIn(second);

  // The login's, the reload's and the second tab's access tokens.
  await expect.poll(() => tokens.length).toBeGreaterThanOrEqual(3);
  const rotated = (await refreshCookie(context))!.value;
  expect(rotated).not.toBe(cookie!.value);
  for (const tab of [page, second]) {
    const text = await readable(tab);
    for (const token of [cookie!.value, rotated, ...tokens]) expect(text).not.toContain(token);
  }

  // Logout ends the session, drops the cookie, and the other tab hears of it.
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expectGuest(page);
  expect(await refreshCookie(context)).toBeUndefined();
  await expectGuest(second);
  await second.reload();
  await expectGuest(second);
  const replay = await request.post('/api/v1/auth/refresh', {
    headers: { cookie: `mchezo_refresh=${rotated}` },
  });
  expect(replay.status()).toBe(401);
  await second.goto('/profile');
  await expect(second).toHaveURL('/login');
  // Signed out, the pages ask nothing they would be refused: no failed request, no error.
  expect(consoleErrors).toEqual([]);
});

test.describe('with access tokens of a few seconds', () => {
  let server: Awaited<ReturnType<typeof startShortTokenServer>>;
  test.beforeAll(async () => {
    // A server start (TypeScript compiled on the way) on a busy machine takes a while.
    test.setTimeout(90_000);
    server = await startShortTokenServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('two tabs whose access tokens expired both refresh and go on, without ending the session', async ({
    context,
    playwright,
  }) => {
    const api = await playwright.request.newContext({ baseURL: server.url });
    const player = await createPlayer(api);
    const accessTokens = collectTokens(context); // access tokens only: no body carries another
    const refreshes: number[] = [];
    context.on('response', (res) => {
      if (res.url().endsWith('/api/v1/auth/refresh')) refreshes.push(res.status());
    });
    const first = await context.newPage();
    await loginThroughUi(first, player, server.url);
    const second = await context.newPage();
    await second.goto(`${server.url}/`);
    await expectSignedIn(second);
    // (Playwright reports an answer that sets a cookie a moment after the page has it.)
    await expect.poll(() => refreshes).toEqual([200]);

    // Both tabs' tokens have expired once the newest one has.
    await expect.poll(() => accessTokens.length).toBe(2); // the login's and the second tab's
    const newest = accessTokens.at(-1)!;
    await expect
      .poll(async () => {
        const me = await api.get('/api/v1/auth/me', { headers: { Authorization: `Bearer ${newest}` } });
        return ((await me.json()) as { code?: string }).code;
      })
      .toBe('TOKEN_EXPIRED');

    // Both at once: each call is refused, each tab refreshes (one after the other, the cookie
    // rotating between them) and retries.
    await Promise.all(
      [first, second].map((tab) =>
        tab
          .getByRole('banner')
          .getByRole('link', { name: /^Balance:/ })
          .click(),
      ),
    );
    for (const tab of [first, second]) {
      await expect(tab).toHaveURL(`${server.url}/profile`);
      await expect(tab.getByText('Your identity is confirmed.', { exact: false })).toBeVisible();
    }
    await expect.poll(() => refreshes.length).toBeGreaterThanOrEqual(3);
    expect(refreshes.every((status) => status === 200)).toBe(true);
    // The session goes on: a reload of either tab is still signed in.
    await second.reload();
    await expectSignedIn(second);
    await api.dispose();
  });
});
