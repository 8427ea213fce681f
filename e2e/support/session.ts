/**
 * Players for the e2e tests, made through the real API (test-mode one-time code), and a way to
 * open the site already signed in as one of them.
 */
import { type APIRequestContext, type APIResponse, type Page, test } from '@playwright/test';

export const TEST_CODE = '123456';

export interface Player {
  phone: string;
  password: string;
  user: Record<string, unknown>;
  accessToken: string;
  refreshToken: string;
}

let counter = 0;
/**
 * A Kenyan mobile number no other test of the run uses: +2547 1 <worker, 3 digits> <count in
 * that worker, 4 digits>. Each server starts empty, and a worker index is never reused within a
 * run, so two workers can never make the same number. The 71… range stays clear of the fixed
 * numbers specs use (the simulator's +2547000000xx, the release manager's +254799…).
 */
export function uniquePhone(): string {
  counter += 1;
  // Set by Playwright in each worker process (hooks included), unique within the run.
  const worker = Number(process.env.TEST_WORKER_INDEX);
  if (!Number.isInteger(worker) || worker > 999 || counter > 9999)
    throw new Error(`no unique phone left (worker ${process.env.TEST_WORKER_INDEX}, #${counter})`);
  return `+25471${String(worker).padStart(3, '0')}${String(counter).padStart(4, '0')}`;
}

async function post(
  request: APIRequestContext,
  path: string,
  data: unknown,
  token?: string,
  method = 'POST',
) {
  const res = await request.fetch(`/api/v1${path}`, {
    method,
    data,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return res.status() === 204 ? null : res.json();
}

/**
 * Registers, verifies and logs in a fresh active player whose identity is confirmed (an adult
 * with a number the identity simulator confirms), so they may deposit and play; `identity: false`
 * leaves the identity to the test.
 */
export async function createPlayer(
  request: APIRequestContext,
  options: { verified?: boolean; identity?: boolean } = {},
): Promise<Player> {
  const { verified = true, identity = verified } = options;
  const phone = uniquePhone();
  const password = 'correct-horse-9';
  await post(request, '/auth/register', { phone, password, full_name: 'Achieng Otieno' });
  if (verified) {
    await post(request, '/auth/verify/request', { phone });
    await post(request, '/auth/verify/confirm', { phone, code: TEST_CODE });
  }
  const login = await logIn(request, phone, password);
  if (identity) await confirmIdentity(request, phone, login.accessToken);
  return { phone, password, ...login };
}

/** The refresh cookie's name and path (docs/decisions/034-session-cookies.md). */
const REFRESH_COOKIE = { name: 'mchezo_refresh', path: '/api/v1/auth/refresh' };

/** The refresh token an answer set in the refresh cookie ('' when it cleared it). */
export function refreshCookieOf(res: APIResponse): string | undefined {
  const cookie = res
    .headersArray()
    .find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith(`${REFRESH_COOKIE.name}=`));
  return cookie?.value.slice(REFRESH_COOKIE.name.length + 1).split(';')[0];
}

/**
 * Logs a player in through the API: the user, the access token and the refresh cookie's token
 * (both '' for a player still to verify, who gets no session).
 */
export async function logIn(
  request: APIRequestContext,
  phone: string,
  password: string,
): Promise<Pick<Player, 'user' | 'accessToken' | 'refreshToken'>> {
  const res = await request.post('/api/v1/auth/login', { data: { phone, password } });
  if (!res.ok()) throw new Error(`/auth/login answered ${res.status()}: ${await res.text()}`);
  const body = await res.json();
  return { user: body.user, accessToken: body.access_token ?? '', refreshToken: refreshCookieOf(res) ?? '' };
}

/**
 * Gives the signed-in player behind `accessToken` a confirmed identity: an adult with an alien ID
 * number made from the phone (unique like it; ending in 1, which the identity simulator confirms,
 * api/README.md "Identity checks"). Already confirmed (a rerun on the same server) is fine.
 */
export async function confirmIdentity(request: APIRequestContext, phone: string, accessToken: string) {
  const res = await request.put('/api/v1/identity', {
    data: {
      fullName: 'Achieng Otieno',
      dateOfBirth: '1994-03-12',
      documentType: 'alien_id',
      documentNumber: `${phone.slice(-8)}1`,
    },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  const body = await res.json();
  if (body.status !== 'confirmed' && body.code !== 'IDENTITY_CONFIRMED')
    throw new Error(`/identity answered ${res.status()}: ${JSON.stringify(body)}`);
}

/**
 * Opens pages of this context signed in as `player`, as a login through the site leaves them: a
 * session of its own (a login of its own: two browsers never share a refresh token, whose
 * rotation would end the session as stolen), its refresh cookie in the browser (HttpOnly, for
 * POST /auth/refresh only) and the user's profile in local storage, put there once per tab (a
 * later logout stays a logout). Each page then asks the refresh for its access token, as after a
 * reload. Answers the refresh token given to the browser ('' for a player still to verify).
 */
export async function signIn(page: Page, player: Player): Promise<string> {
  const { baseURL } = test.info().project.use;
  if (!baseURL) throw new Error('signIn needs the project baseURL');
  const { refreshToken } = await logIn(page.request, player.phone, player.password);
  if (refreshToken) {
    await page.context().addCookies([
      {
        ...REFRESH_COOKIE,
        value: refreshToken,
        domain: new URL(baseURL).hostname,
        httpOnly: true,
        secure: true,
        sameSite: 'Strict',
      },
    ]);
  }
  await page.addInitScript((user) => {
    if (sessionStorage.getItem('e2e-signed-in')) return;
    sessionStorage.setItem('e2e-signed-in', '1');
    localStorage.setItem('user', JSON.stringify(user));
  }, player.user);
  return refreshToken;
}

/**
 * One player for all the tests of a describe block (or file), made once in its beforeAll: for
 * tests that each look at one screen as the same player, each signing in with a session of its
 * own. Call it where the tests are declared; call the answer inside a test.
 */
export function playerForAll(options: Parameters<typeof createPlayer>[1] = {}): () => Player {
  let player: Player | undefined;
  test.beforeAll(async ({ playwright }, testInfo) => {
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      player = await createPlayer(request, options);
    } finally {
      await request.dispose();
    }
  });
  return () => {
    if (!player) throw new Error('playerForAll: its beforeAll made no player');
    return player;
  };
}
