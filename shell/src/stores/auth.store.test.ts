import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const USER = {
  id: 'u1',
  phone: '+254712345678',
  username: '254712345678',
  email: null,
  full_name: null,
  roles: ['user'],
  role: 'user',
  status: 'active',
  created_at: '2026-01-01T00:00:00.000Z',
};

/** A page load: the store and the api-client fresh, as a reload or another tab has them. */
async function freshPage() {
  vi.resetModules();
  const store = await import('./auth.store.ts');
  const { tokenStore } = await import('@mchezo/api-client/token-store');
  return { ...store, tokenStore };
}

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Every value of the page's storages that holds `secret`. */
function storedWith(secret: string): string[] {
  const values: string[] = [];
  for (const storage of [localStorage, sessionStorage])
    for (let i = 0; i < storage.length; i++) values.push(storage.getItem(storage.key(i)!) ?? '');
  return values.filter((v) => v.includes(secret));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('at start, the auth store', () => {
  it('asks nothing when nobody signed in on this browser', async () => {
    const fetch = answer(401, {});
    const { useAuthStore } = await freshPage();
    await useAuthStore.getState().restore();
    expect(fetch).not.toHaveBeenCalled();
    expect(useAuthStore.getState()).toMatchObject({ user: null, isLoading: false });
  });

  it('asks the refresh once whether the cached player is still signed in, keeping the token in memory', async () => {
    localStorage.setItem('user', JSON.stringify(USER));
    localStorage.setItem('access_token', 'old-access'); // what an earlier version left
    localStorage.setItem('refresh_token', 'old-refresh');
    const fetch = answer(200, { access_token: 'access-1', expires_in: 900, user: USER });
    const { useAuthStore, isAuthenticated, tokenStore } = await freshPage();
    const restoring = useAuthStore.getState().restore();
    // The cached profile draws the header meanwhile; nothing is decided on it.
    expect(useAuthStore.getState()).toMatchObject({ user: USER, isLoading: true });
    expect(isAuthenticated(useAuthStore.getState().user)).toBe(false);
    await Promise.all([restoring, useAuthStore.getState().restore()]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0 as never])).toBe('/api/v1/auth/refresh');
    expect(useAuthStore.getState()).toMatchObject({ user: USER, isLoading: false });
    expect(isAuthenticated(useAuthStore.getState().user)).toBe(true);
    expect(tokenStore.getAccessToken()).toBe('access-1');
    expect(storedWith('access-1')).toEqual([]);
    expect(storedWith('old-')).toEqual([]);
  });

  it('signs out a cached player the server no longer knows, and forgets them', async () => {
    localStorage.setItem('user', JSON.stringify(USER));
    answer(401, { error: 'Not signed in', code: 'UNAUTHORIZED' });
    const { useAuthStore } = await freshPage();
    await useAuthStore.getState().restore();
    expect(useAuthStore.getState()).toMatchObject({ user: null, isLoading: false, endedAtStart: null });
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('hands an ended session (locked_out) to the lockout page', async () => {
    localStorage.setItem('user', JSON.stringify(USER));
    const ended = { reason: 'SESSION_REVOKED', message: 'You have been logged out due to security reasons.' };
    answer(401, { error: 'x', locked_out: true, ...ended });
    const { useAuthStore } = await freshPage();
    await useAuthStore.getState().restore();
    expect(useAuthStore.getState()).toMatchObject({ user: null, endedAtStart: ended });
    expect(sessionStorage.getItem('lockoutMessage')).toBe(ended.message);
  });

  it('with no answer (offline), is signed out for this page but asks again next time', async () => {
    localStorage.setItem('user', JSON.stringify(USER));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const { useAuthStore } = await freshPage();
    await useAuthStore.getState().restore();
    expect(useAuthStore.getState()).toMatchObject({ user: null, isLoading: false });
    expect(localStorage.getItem('user')).not.toBeNull();
  });
});

describe('logout', () => {
  it('ends the session on the server and tells the other tabs, which sign out too', async () => {
    localStorage.setItem('user', JSON.stringify(USER));
    const fetch = answer(200, { access_token: 'access-1', expires_in: 900, user: USER });
    const other = await freshPage();
    await other.useAuthStore.getState().restore();
    const tab = await freshPage();
    await tab.useAuthStore.getState().restore();
    expect(other.isAuthenticated(other.useAuthStore.getState().user)).toBe(true);

    fetch.mockImplementation(async () => new Response(null, { status: 204 }));
    await tab.useAuthStore.getState().logout();
    expect(fetch.mock.calls.map((call) => String((call as unknown[])[0])).at(-1)).toBe('/api/v1/auth/logout');
    expect(tab.useAuthStore.getState().user).toBeNull();
    expect(tab.tokenStore.getAccessToken()).toBeNull();
    await vi.waitFor(() => expect(other.useAuthStore.getState().user).toBeNull());
    expect(other.tokenStore.getAccessToken()).toBeNull();
  });
});

describe('registration and verification (docs/decisions/062-verification-tickets.md)', () => {
  const PASSWORD = 'correct horse battery';
  const TICKET = 'tkt_0123456789abcdefghijkl';
  const PENDING = { ...USER, status: 'pending_verification' };

  /** The API's answers by path; every request body is kept. */
  function api(answers: Record<string, { status: number; body: unknown }>) {
    const bodies: Record<string, unknown>[] = [];
    const fetch = vi.fn(async (url: string | URL, init?: RequestInit) => {
      const path = String(url).replace('/api/v1', '');
      bodies.push({ path, ...(init?.body ? JSON.parse(String(init.body)) : {}) });
      const answer = answers[path] ?? { status: 404, body: {} };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    });
    vi.stubGlobal('fetch', fetch);
    return bodies;
  }

  const codeSent = {
    status: 200,
    body: { message: 'sent', resend_after_seconds: 60, expires_in_seconds: 600 },
  };

  it('keeps no password in the browser: the ticket goes with the code, which signs the player in', async () => {
    const bodies = api({
      '/auth/register': {
        status: 201,
        body: { user: PENDING, needs_verification: true, verification_ticket: TICKET },
      },
      '/auth/verify/request': codeSent,
      '/auth/verify/confirm': {
        status: 200,
        body: { user: USER, verified: true, access_token: 'access-1', expires_in: 900 },
      },
    });
    const { useAuthStore, tokenStore, isAuthenticated } = await freshPage();
    const auth = useAuthStore.getState();
    await auth.register({ phone: USER.phone, password: PASSWORD, countryCode: '+254' });
    expect(storedWith(PASSWORD)).toEqual([]);
    expect(sessionStorage.getItem('verificationTicket')).toBe(TICKET);

    await auth.confirmVerification(USER.phone, '123456');
    expect(bodies.at(-1)).toEqual({
      path: '/auth/verify/confirm',
      phone: USER.phone,
      code: '123456',
      ticket: TICKET,
    });
    expect(await auth.signInWithStoredCredentials()).toBe('signed-in');
    expect(tokenStore.getAccessToken()).toBe('access-1');
    expect(isAuthenticated(useAuthStore.getState().user)).toBe(true);
    expect(storedWith(PASSWORD)).toEqual([]);
    expect(storedWith(TICKET)).toEqual([]);
    expect(storedWith('access-1')).toEqual([]);
  });

  it('a pending login keeps the ticket, not the password', async () => {
    api({
      '/auth/login': {
        status: 200,
        body: {
          user: PENDING,
          access_token: null,
          expires_in: null,
          needs_verification: true,
          verification_ticket: TICKET,
        },
      },
    });
    const { useAuthStore } = await freshPage();
    const result = await useAuthStore.getState().login(USER.phone, PASSWORD);
    expect(result.needsVerification).toBe(true);
    expect(storedWith(PASSWORD)).toEqual([]);
    expect(sessionStorage.getItem('verificationTicket')).toBe(TICKET);
  });

  it('forgets an expired ticket, and a verification without one leaves the player to sign in', async () => {
    sessionStorage.setItem('verificationTicket', TICKET);
    sessionStorage.setItem('registrationPhone', USER.phone);
    const expired = {
      error: 'This verification has expired. Sign in to get a new code.',
      code: 'VERIFICATION_EXPIRED',
    };
    api({ '/auth/verify/confirm': { status: 401, body: expired } });
    const { useAuthStore } = await freshPage();
    await expect(useAuthStore.getState().confirmVerification(USER.phone, '123456')).rejects.toMatchObject({
      status: 401,
      body: expired,
    });
    expect(sessionStorage.getItem('verificationTicket')).toBeNull();

    const bodies = api({
      '/auth/verify/confirm': {
        status: 200,
        body: { user: USER, verified: true, access_token: null, expires_in: null },
      },
    });
    await useAuthStore.getState().confirmVerification(USER.phone, '123456');
    expect(bodies.at(-1)).toEqual({ path: '/auth/verify/confirm', phone: USER.phone, code: '123456' });
    expect(await useAuthStore.getState().signInWithStoredCredentials()).toBe('no-credentials');
  });

  it('removes at start a password an earlier version kept', async () => {
    sessionStorage.setItem('registrationPassword', PASSWORD);
    answer(401, {});
    const { useAuthStore } = await freshPage();
    await useAuthStore.getState().restore();
    expect(storedWith(PASSWORD)).toEqual([]);
  });
});
