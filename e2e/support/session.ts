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
/** A Kenyan mobile number unique to this run and worker. */
export function uniquePhone(): string {
  counter += 1;
  const n = (Date.now() % 1_000_000) * 100 + (process.pid % 100) + counter * 7;
  return `+2547${String(n % 100_000_000).padStart(8, '0')}`;
}

async function post(request: APIRequestContext, path: string, data: unknown, token?: string) {
  const res = await request.post(`/api/v1${path}`, {
    data,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return res.status() === 204 ? null : res.json();
}

/** Registers, verifies and logs in a fresh active player. */
export async function createPlayer(request: APIRequestContext, { verified = true } = {}): Promise<Player> {
  const phone = uniquePhone();
  const password = 'correct-horse-9';
  await post(request, '/auth/register', { phone, password, full_name: 'Achieng Otieno' });
  if (verified) {
    await post(request, '/auth/verify/request', { phone });
    await post(request, '/auth/verify/confirm', { phone, code: TEST_CODE });
  }
  const login = await post(request, '/auth/login', { phone, password });
  return {
    phone,
    password,
    user: login.user,
    accessToken: login.access_token,
    refreshToken: login.refresh_token,
  };
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
