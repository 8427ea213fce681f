import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './client.ts';
import { ApiError, LOCKOUT_EVENT, type LockoutDetail } from './errors.ts';
import { tokenStore } from './token-store.ts';

type Handler = (req: { url: string; init: RequestInit }) => { status: number; body?: unknown };

function serve(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      const { status, body } = handler({ url, init });
      return new Response(body === undefined ? null : JSON.stringify(body), { status });
    }),
  );
  return calls;
}

function lockouts() {
  const seen: LockoutDetail[] = [];
  const listener = (e: Event) => seen.push((e as CustomEvent<LockoutDetail>).detail);
  window.addEventListener(LOCKOUT_EVENT, listener);
  return { seen, stop: () => window.removeEventListener(LOCKOUT_EVENT, listener) };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends JSON with the bearer token from storage and returns the body', async () => {
    tokenStore.setTokens('access-1', 'refresh-1');
    const calls = serve(() => ({ status: 200, body: { balances: [] } }));
    await expect(api.get('/wallet/balance')).resolves.toEqual({ balances: [] });
    expect(calls[0]!.url).toBe('/api/v1/wallet/balance');
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer access-1');
  });

  it('gives null for a 204', async () => {
    serve(() => ({ status: 204 }));
    await expect(api.post('/auth/logout', {})).resolves.toBeNull();
  });

  it("uses the server's error field, else 'Request failed with status N'", async () => {
    serve(() => ({ status: 422, body: { error: 'Minimum withdrawal amount is KES 100' } }));
    await expect(api.post('/wallet/withdraw', {})).rejects.toMatchObject({
      message: 'Minimum withdrawal amount is KES 100',
      status: 422,
    });
    serve(() => ({ status: 502 }));
    const error = await api.get('/config').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Request failed with status 502');
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    tokenStore.setTokens('old', 'refresh-1');
    const calls = serve(({ url, init }) => {
      if (url.endsWith('/auth/refresh'))
        return { status: 200, body: { access_token: 'new', refresh_token: 'refresh-2' } };
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new'
        ? { status: 200, body: { ok: true } }
        : { status: 401, body: { error: 'expired' } };
    });
    await expect(api.get('/wallet/balance')).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/v1/wallet/balance',
      '/api/v1/auth/refresh',
      '/api/v1/wallet/balance',
    ]);
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ refresh_token: 'refresh-1' });
    expect(tokenStore.getRefreshToken()).toBe('refresh-2');
  });

  it('shares one refresh between concurrent 401s', async () => {
    tokenStore.setTokens('old', 'refresh-1');
    const calls = serve(({ url, init }) => {
      if (url.endsWith('/auth/refresh'))
        return { status: 200, body: { access_token: 'new', refresh_token: 'r2' } };
      return (init.headers as Record<string, string>).Authorization === 'Bearer new'
        ? { status: 200, body: {} }
        : { status: 401, body: {} };
    });
    await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    expect(calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(1);
  });

  it('raises auth:lockout with the server reason and message on locked_out', async () => {
    tokenStore.setTokens('a', 'r');
    const { seen, stop } = lockouts();
    serve(() => ({
      status: 401,
      body: { error: 'x', locked_out: true, reason: 'TOKEN_REUSED', message: 'Signed in elsewhere' },
    }));
    await expect(api.get('/wallet/balance')).rejects.toBeInstanceOf(ApiError);
    stop();
    expect(seen).toEqual([{ reason: 'TOKEN_REUSED', message: 'Signed in elsewhere' }]);
    expect(tokenStore.getAccessToken()).toBeNull();
  });

  it('raises auth:lockout with the defaults when the refresh fails', async () => {
    tokenStore.setTokens('a', 'r');
    const { seen, stop } = lockouts();
    serve(({ url }) =>
      url.endsWith('/auth/refresh') ? { status: 401, body: {} } : { status: 401, body: {} },
    );
    await expect(api.get('/wallet/balance')).rejects.toMatchObject({ status: 401 });
    stop();
    expect(seen).toEqual([
      { reason: 'INVALID_TOKEN', message: 'You have been logged out due to security reasons.' },
    ]);
  });

  it('does not refresh or lock out a guest whose login is refused', async () => {
    const { seen, stop } = lockouts();
    const calls = serve(() => ({ status: 401, body: { error: 'Invalid phone or password' } }));
    await expect(api.post('/auth/login', {}, { auth: false })).rejects.toMatchObject({
      message: 'Invalid phone or password',
    });
    stop();
    expect(calls).toHaveLength(1);
    expect(seen).toEqual([]);
  });
});
