import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, REFRESH_LOCK, refreshSession } from './client.ts';
import { ApiError, LOCKOUT_EVENT, type LockoutDetail } from './errors.ts';
import { forgetStoredTokens, tokenStore } from './token-store.ts';

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

/** Every value the page's storages hold: no token may be among them. */
function storedValues(): string[] {
  const values: string[] = [];
  for (const storage of [localStorage, sessionStorage]) {
    for (let i = 0; i < storage.length; i++) values.push(storage.getItem(storage.key(i)!) ?? '');
  }
  return values;
}

const USER = { id: 'u1', phone: '+254712345678', status: 'active' };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  tokenStore.clearTokens();
});
afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends JSON with the bearer token it holds in memory and returns the body', async () => {
    tokenStore.setAccessToken('access-1');
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

  it('refreshes once on a 401 with the cookie alone, and retries with the new token', async () => {
    tokenStore.setAccessToken('old');
    const calls = serve(({ url, init }) => {
      if (url.endsWith('/auth/refresh')) return { status: 200, body: { access_token: 'new', user: USER } };
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
    // No token in the request: the browser adds the HttpOnly cookie itself.
    expect(calls[1]!.init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(calls[1]!.init.body).toBeUndefined();
    expect(tokenStore.getAccessToken()).toBe('new');
  });

  it('keeps every token out of local and session storage', async () => {
    localStorage.setItem('user', JSON.stringify(USER));
    serve(({ url }) =>
      url.endsWith('/auth/refresh')
        ? { status: 200, body: { access_token: 'access-secret', user: USER } }
        : { status: 200, body: {} },
    );
    await expect(refreshSession()).resolves.toEqual({ ok: true, user: USER });
    await api.get('/wallet/balance');
    expect(tokenStore.getAccessToken()).toBe('access-secret');
    expect(storedValues().filter((v) => v.includes('access-secret'))).toEqual([]);
    expect(Object.keys(localStorage)).toEqual(['user']);
  });

  it('drops the tokens an earlier version left in local storage, and nothing else', () => {
    localStorage.setItem('access_token', 'a');
    localStorage.setItem('refresh_token', 'r');
    localStorage.setItem('language', 'sw');
    forgetStoredTokens();
    expect({ ...localStorage }).toEqual({ language: 'sw' });
  });

  it('says why a refresh failed: the lockout the server gave, or none', async () => {
    serve(() => ({ status: 401, body: { error: 'Not signed in', code: 'UNAUTHORIZED' } }));
    await expect(refreshSession()).resolves.toEqual({ ok: false, status: 401, lockout: null });
    serve(() => ({
      status: 401,
      body: { error: 'x', locked_out: true, reason: 'SESSION_REVOKED', message: 'Signed out' },
    }));
    await expect(refreshSession()).resolves.toEqual({
      ok: false,
      status: 401,
      lockout: { reason: 'SESSION_REVOKED', message: 'Signed out' },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(refreshSession()).resolves.toEqual({ ok: false, status: 0, lockout: null });
  });

  it('shares one refresh between concurrent 401s', async () => {
    tokenStore.setAccessToken('old');
    const calls = serve(({ url, init }) => {
      if (url.endsWith('/auth/refresh')) return { status: 200, body: { access_token: 'new', user: USER } };
      return (init.headers as Record<string, string>).Authorization === 'Bearer new'
        ? { status: 200, body: {} }
        : { status: 401, body: {} };
    });
    await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    expect(calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(1);
  });

  it('raises auth:lockout with the server reason and message on locked_out', async () => {
    tokenStore.setAccessToken('a');
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
    tokenStore.setAccessToken('a');
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

describe('refreshes across tabs', () => {
  /** A stand-in for navigator.locks shared by several tabs: one holder per name at a time. */
  function fakeLocks() {
    const tails = new Map<string, Promise<unknown>>();
    const names: string[] = [];
    return {
      names,
      request<T>(name: string, run: () => Promise<T>): Promise<T> {
        names.push(name);
        const result = (tails.get(name) ?? Promise.resolve()).then(run);
        tails.set(
          name,
          result.catch(() => undefined),
        );
        return result;
      },
    };
  }

  /** A second tab: the client module loaded again, with its own memory. */
  async function anotherTab() {
    vi.resetModules();
    return (await import('./client.ts')).refreshSession;
  }

  it('one at a time: each tab presents the cookie the one before it was given', async () => {
    const locks = fakeLocks();
    vi.stubGlobal('navigator', { locks });
    let cookie = 1;
    let running = 0;
    let most = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        running++;
        most = Math.max(most, running);
        const presented = cookie;
        await Promise.resolve(); // the answer comes back later: another tab could start meanwhile
        cookie = presented + 1; // rotated: the response sets the next cookie
        running--;
        return new Response(JSON.stringify({ access_token: `a${presented}`, user: USER }));
      }),
    );
    const tabs = [refreshSession, await anotherTab(), await anotherTab()];
    const outcomes = await Promise.all(tabs.map((refresh) => refresh()));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(most).toBe(1);
    expect(cookie).toBe(4);
    expect(locks.names).toEqual([REFRESH_LOCK, REFRESH_LOCK, REFRESH_LOCK]);
  });

  it('without Web Locks, still refreshes (the server answers a repeat within its grace alike)', async () => {
    vi.stubGlobal('navigator', {});
    serve(() => ({ status: 200, body: { access_token: 'n', user: USER } }));
    await expect(refreshSession()).resolves.toEqual({ ok: true, user: USER });
  });
});
