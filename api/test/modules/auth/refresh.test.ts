import { describe, expect, it } from 'vitest';
import { REFRESH_GRACE_MS } from '../../../src/modules/auth/refresh.js';
import { bearer, DB_MODES, json, refreshCookie, refreshCookieOf, suiteApp } from '../../helpers.js';

// Both databases: concurrency: two refreshes at once race for one refresh token.
/** Refresh-token rotation: two tabs at once, the reuse signal after the grace, and expiry. */
describe.each(DB_MODES)('refresh (%s)', (mode) => {
  describe('the same token presented twice', () => {
    const t = suiteApp(mode);
    const refresh = (refresh_token: string) => t.post('/auth/refresh', {}, refreshCookie(refresh_token));

    it('two tabs refreshing at once both get the same new pair, and the session goes on', async () => {
      const p = await t.signedInPlayer();
      const [a, b] = await Promise.all([refresh(p.refreshToken), refresh(p.refreshToken)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(refreshCookieOf(b)).toBe(refreshCookieOf(a));
      expect(json(b).access_token).toBe(json(a).access_token);
      expect(refreshCookieOf(a)).not.toBe(p.refreshToken);
      expect((await t.get('/auth/me', bearer(json(a).access_token))).statusCode).toBe(200);
      const next = await refresh(refreshCookieOf(a)!);
      expect(next.statusCode).toBe(200);
      expect((await t.get('/auth/me', bearer(json(next).access_token))).statusCode).toBe(200);
    });

    it('a repeat at the end of the grace still gets the same pair; one after it ends the session', async () => {
      const p = await t.signedInPlayer();
      const firstRes = await refresh(p.refreshToken);
      const first = json(firstRes);
      t.clock.advance(REFRESH_GRACE_MS);
      const repeat = await refresh(p.refreshToken);
      expect(repeat.statusCode).toBe(200);
      expect(refreshCookieOf(repeat)).toBe(refreshCookieOf(firstRes));
      expect(json(repeat)).toMatchObject({ access_token: first.access_token });
      t.clock.advance(1);
      const late = await refresh(p.refreshToken);
      expect(late.statusCode).toBe(401);
      expect(json(late)).toMatchObject({ locked_out: true, reason: 'REFRESH_TOKEN_REUSED' });
      expect(json(await t.get('/auth/me', bearer(first.access_token)))).toMatchObject({
        reason: 'SESSION_REVOKED',
      });
    });

    it('a repeat within the grace whose new token was already spent is reuse', async () => {
      const p = await t.signedInPlayer();
      const first = await refresh(p.refreshToken);
      expect((await refresh(refreshCookieOf(first)!)).statusCode).toBe(200);
      const repeat = await refresh(p.refreshToken);
      expect(json(repeat)).toMatchObject({ locked_out: true, reason: 'REFRESH_TOKEN_REUSED' });
    });
  });

  describe('expiry', () => {
    // An access token outliving the session, and a session of 300 s.
    const t = suiteApp(mode, { ACCESS_TOKEN_TTL_SECONDS: '3600', REFRESH_TOKEN_TTL_SECONDS: '300' });
    const EXPIRED = {
      locked_out: true,
      reason: 'INVALID_TOKEN',
      message: 'Your session has expired. Please sign in again.',
    };

    it("is refused once the session's own expiry has passed, even for a token refreshed mid-session", async () => {
      const p = await t.signedInPlayer();
      t.clock.advance(200_000);
      const mid = await t.post('/auth/refresh', {}, refreshCookie(p.refreshToken));
      expect(mid.statusCode).toBe(200);
      t.clock.advance(100_000);
      const res = await t.post('/auth/refresh', {}, refreshCookie(refreshCookieOf(mid)!));
      expect(res.statusCode).toBe(401);
      expect(json(res)).toMatchObject(EXPIRED);
    });

    it('is refused for a session whose expiry was moved earlier than its token', async () => {
      const p = await t.signedInPlayer();
      await t.app.ctx.database.db
        .updateTable('sessions')
        .set({ expires_at: t.clock.now() })
        .where('user_id', '=', p.userId)
        .execute();
      const res = await t.post('/auth/refresh', {}, refreshCookie(p.refreshToken));
      expect(json(res)).toMatchObject(EXPIRED);
    });

    it('an expired token is not spent: presented again it is still "expired", not reuse', async () => {
      const p = await t.signedInPlayer();
      t.clock.advance(300_000);
      for (let i = 0; i < 2; i++) {
        const res = await t.post('/auth/refresh', {}, refreshCookie(p.refreshToken));
        expect(res.statusCode).toBe(401);
        expect(json(res)).toMatchObject(EXPIRED);
      }
      const rows = await t.app.ctx.database.db
        .selectFrom('refresh_tokens')
        .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
        .select(['refresh_tokens.used_at', 'sessions.revoked_reason'])
        .where('sessions.user_id', '=', p.userId)
        .execute();
      expect(rows).toEqual([{ used_at: null, revoked_reason: null }]);
    });
  });
});
