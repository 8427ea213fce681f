import { describe, expect, it } from 'vitest';
import { REFRESH_GRACE_MS } from '../../../src/modules/auth/refresh.js';
import { bearer, DB_MODES, json, refreshCookie, refreshCookieOf, suiteApp } from '../../helpers.js';

/**
 * Session cookies: the refresh token once lived in the page's local storage, where any script on
 * the site could read it. It now lives in an HttpOnly cookie that only POST /auth/refresh
 * receives, only from the site's own pages (docs/decisions/034-session-cookies.md).
 */
const SITE = 'http://127.0.0.1:8080'; // PUBLIC_BASE_URL of the test apps

const setCookies = (res: { headers: Record<string, unknown> }): string[] => {
  const header = res.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
};
const attributesOf = (cookie: string) =>
  cookie
    .split(';')
    .slice(1)
    .map((a) => a.trim())
    .sort();

describe.each(DB_MODES)('the refresh cookie (%s)', (mode) => {
  const t = suiteApp(mode);
  /** A refresh as a browser on a page of `origin` makes it. */
  const browserRefresh = (token: string, origin: string | undefined, site = 'same-origin') =>
    t.post(
      '/auth/refresh',
      undefined,
      origin === undefined
        ? { ...refreshCookie(token), 'sec-fetch-site': site }
        : { ...refreshCookie(token), origin, 'sec-fetch-site': site },
    );

  it('login sets it HttpOnly, Secure, SameSite=Strict, for the refresh route only; no body carries it', async () => {
    const p = await t.signedInPlayer();
    const login = await t.post('/auth/login', { phone: p.phone, password: p.password });
    expect(login.statusCode).toBe(200);
    const [cookie, ...others] = setCookies(login);
    expect(others).toEqual([]);
    expect(cookie).toMatch(/^mchezo_refresh=[A-Za-z0-9_-]{40,};/);
    expect(attributesOf(cookie!)).toEqual(
      ['HttpOnly', 'Max-Age=2592000', 'Path=/api/v1/auth/refresh', 'SameSite=Strict', 'Secure'].sort(),
    );
    const token = refreshCookieOf(login)!;
    expect(login.body).not.toContain(token);
    expect(json(login)).not.toHaveProperty('refresh_token');

    const refreshed = await browserRefresh(token, SITE);
    expect(refreshed.statusCode).toBe(200);
    const next = refreshCookieOf(refreshed)!;
    expect(next).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(next).not.toBe(token);
    expect(attributesOf(setCookies(refreshed)[0]!)).toContain('HttpOnly');
    expect(refreshed.body).not.toContain(next);
    expect(Object.keys(json(refreshed)).sort()).toEqual(['access_token', 'expires_in', 'user']);
    expect((await t.get('/auth/me', bearer(json(refreshed).access_token))).statusCode).toBe(200);
  });

  it('is taken only from the site: a foreign, null or missing Origin from a browser is 403 and spends nothing', async () => {
    const p = await t.signedInPlayer();
    for (const [origin, site] of [
      ['https://evil.example', 'cross-site'],
      ['http://127.0.0.1:8081', 'same-site'],
      ['null', 'cross-site'],
      [undefined, 'same-origin'],
    ] as const) {
      const res = await browserRefresh(p.refreshToken, origin, site);
      expect(res.statusCode, String(origin)).toBe(403);
      expect(json(res)).toMatchObject({ code: 'ORIGIN_REFUSED', error: expect.any(String) });
      expect(setCookies(res)).toEqual([]);
    }
    // Nothing was spent: the site's own page refreshes with the same token, long after.
    t.clock.advance(REFRESH_GRACE_MS + 1);
    expect((await browserRefresh(p.refreshToken, SITE)).statusCode).toBe(200);
  });

  it("the site's origin is PUBLIC_BASE_URL's, or the one the request was addressed to", async () => {
    const p = await t.signedInPlayer();
    const res = await t.post('/auth/refresh', undefined, {
      ...refreshCookie(p.refreshToken),
      host: 'localhost:9000',
      origin: 'http://localhost:9000',
      'sec-fetch-site': 'same-origin',
    });
    expect(res.statusCode).toBe(200);
  });

  it('a client that is not a browser (no Origin, no Sec-Fetch-Site) refreshes with the cookie it keeps', async () => {
    const p = await t.signedInPlayer();
    const res = await t.post('/auth/refresh', {}, refreshCookie(p.refreshToken));
    expect(res.statusCode).toBe(200);
    expect(refreshCookieOf(res)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('without the cookie, or with the token in the body as before, nothing is refreshed', async () => {
    const p = await t.signedInPlayer();
    const none = await t.post('/auth/refresh', {}, { origin: SITE, 'sec-fetch-site': 'same-origin' });
    expect(none.statusCode).toBe(401);
    expect(json(none)).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(json(none).locked_out).toBeUndefined();
    const inBody = await t.post('/auth/refresh', { refresh_token: p.refreshToken });
    expect(inBody.statusCode).toBe(400);
    const garbled = await t.post('/auth/refresh', {}, { cookie: 'mchezo_refresh=a b;c' });
    expect(garbled.statusCode).toBe(401);
  });

  it('logout clears it and the session is over; a dead token is cleared too', async () => {
    const p = await t.signedInPlayer();
    const out = await t.post('/auth/logout', {}, p.headers);
    expect(out.statusCode).toBe(204);
    const [cleared] = setCookies(out);
    expect(cleared).toMatch(/^mchezo_refresh=;/);
    expect(attributesOf(cleared!)).toEqual(
      ['HttpOnly', 'Max-Age=0', 'Path=/api/v1/auth/refresh', 'SameSite=Strict', 'Secure'].sort(),
    );
    const after = await browserRefresh(p.refreshToken, SITE);
    expect(after.statusCode).toBe(401);
    expect(json(after)).toMatchObject({ locked_out: true, reason: 'SESSION_REVOKED' });
    expect(refreshCookieOf(after)).toBe('');
  });

  it('reuse detection holds: a spent token after the grace ends the session and clears the cookie', async () => {
    const p = await t.signedInPlayer();
    const first = await browserRefresh(p.refreshToken, SITE);
    t.clock.advance(REFRESH_GRACE_MS + 1);
    const reused = await browserRefresh(p.refreshToken, SITE);
    expect(reused.statusCode).toBe(401);
    expect(json(reused)).toMatchObject({ locked_out: true, reason: 'REFRESH_TOKEN_REUSED' });
    expect(refreshCookieOf(reused)).toBe('');
    const successor = await browserRefresh(refreshCookieOf(first)!, SITE);
    expect(json(successor)).toMatchObject({ locked_out: true, reason: 'SESSION_REVOKED' });
  });
});
