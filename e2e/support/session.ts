/**
 * Players for the e2e tests, made through the real API (test-mode one-time code), and a way to
 * open the site already signed in as one of them.
 */
import type { APIRequestContext, Page } from '@playwright/test';

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
  const login = await post(request, '/auth/login', { phone, password });
  if (identity) await confirmIdentity(request, phone, login.access_token);
  return {
    phone,
    password,
    user: login.user,
    accessToken: login.access_token,
    refreshToken: login.refresh_token,
  };
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

/** Opens pages of this context signed in as `player` (what the shell stores after a login). */
export async function signIn(page: Page, player: Player): Promise<void> {
  await page.addInitScript((p) => {
    if (sessionStorage.getItem('e2e-signed-in')) return;
    sessionStorage.setItem('e2e-signed-in', '1');
    localStorage.setItem('user', JSON.stringify(p.user));
    localStorage.setItem('access_token', p.accessToken);
    localStorage.setItem('refresh_token', p.refreshToken);
  }, player);
}
