import { describe, expect, it } from 'vitest';
import { bearer, DB_MODES, json, refreshCookie, suiteApp } from '../../helpers.js';

/**
 * Token and session lifetimes, with the app's clock moved forward (never a sleep): each test
 * has an app of its own, so moving its clock disturbs no other test.
 */
describe.each(DB_MODES)('token and session expiry (%s)', (mode) => {
  const SESSION_EXPIRED = {
    locked_out: true,
    reason: 'INVALID_TOKEN',
    message: 'Your session has expired. Please sign in again.',
  };

  describe('access token (ACCESS_TOKEN_TTL_SECONDS, 900 by default)', () => {
    const t = suiteApp(mode);

    it('is accepted a second before its TTL is up and refused (TOKEN_EXPIRED, refreshable) from then on', async () => {
      const p = await t.signedInPlayer();
      // Tokens carry whole seconds: 899 s after login it is at most 899.999 s old.
      t.clock.advance(899_000);
      expect((await t.get('/auth/me', p.headers)).statusCode).toBe(200);
      expect((await t.get('/wallet/balance', p.headers)).statusCode).toBe(200);
      t.clock.advance(1_000);
      for (const path of ['/auth/me', '/wallet/balance']) {
        const res = await t.get(path, p.headers);
        expect(res.statusCode).toBe(401);
        expect(json(res).code).toBe('TOKEN_EXPIRED');
        expect(json(res).locked_out).toBeUndefined();
      }
    });
  });

  describe('refresh token (REFRESH_TOKEN_TTL_SECONDS, 30 days by default)', () => {
    const t = suiteApp(mode);

    it('refreshes until its TTL is up and is refused with a lockout from then on', async () => {
      const early = await t.signedInPlayer();
      const late = await t.signedInPlayer();
      const ttl = t.env.REFRESH_TOKEN_TTL_SECONDS * 1000;
      expect(ttl).toBe(30 * 86_400_000);

      t.clock.advance(ttl - 1);
      const refreshed = await t.post('/auth/refresh', {}, refreshCookie(early.refreshToken));
      expect(refreshed.statusCode).toBe(200);

      t.clock.advance(1);
      const refused = await t.post('/auth/refresh', {}, refreshCookie(late.refreshToken));
      expect(refused.statusCode).toBe(401);
      expect(json(refused)).toMatchObject(SESSION_EXPIRED);
      // Both sessions started with these logins and end with them: even the access token
      // refreshed a millisecond ago is refused now.
      const me = await t.get('/auth/me', bearer(json(refreshed).access_token));
      expect(json(me)).toMatchObject(SESSION_EXPIRED);
    });
  });

  describe('session (expires REFRESH_TOKEN_TTL_SECONDS after login)', () => {
    // An access token that outlives its session: only the session's expiry can refuse it.
    const t = suiteApp(mode, { ACCESS_TOKEN_TTL_SECONDS: '3600', REFRESH_TOKEN_TTL_SECONDS: '300' });

    it('is refused past its expiry even with an access token that has not expired', async () => {
      const p = await t.signedInPlayer();
      t.clock.advance(299_999);
      expect((await t.get('/auth/me', p.headers)).statusCode).toBe(200);
      t.clock.advance(1);
      for (const path of ['/auth/me', '/wallet/balance']) {
        const res = await t.get(path, p.headers);
        expect(res.statusCode).toBe(401);
        expect(json(res)).toMatchObject(SESSION_EXPIRED);
      }
    });

    it('does not move with refreshes: a token refreshed mid-session is refused once the session is over', async () => {
      const p = await t.signedInPlayer();
      t.clock.advance(200_000);
      const refreshed = json(await t.post('/auth/refresh', {}, refreshCookie(p.refreshToken)));
      const fresh = bearer(refreshed.access_token);
      expect((await t.get('/auth/me', fresh)).statusCode).toBe(200);
      t.clock.advance(100_000);
      const res = await t.get('/auth/me', fresh);
      expect(res.statusCode).toBe(401);
      expect(json(res)).toMatchObject(SESSION_EXPIRED);
    });
  });
});
