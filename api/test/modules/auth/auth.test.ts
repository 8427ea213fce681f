import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { REFRESH_GRACE_MS } from '../../../src/modules/auth/refresh.js';
import {
  bearer,
  DB_MODES,
  freshPhone,
  json,
  refreshCookie,
  refreshCookieOf,
  suiteApp,
} from '../../helpers.js';

describe.each(DB_MODES)('auth (%s)', (mode) => {
  const t = suiteApp(mode);

  describe('register', () => {
    it('normalises the phone to E.164 and creates a pending user (201)', async () => {
      const res = await t.post('/auth/register', {
        phone: '0722 000 111',
        password: 'password1',
        full_name: ' Amina W ',
      });
      expect(res.statusCode).toBe(201);
      const body = json(res);
      expect(body.needs_verification).toBe(true);
      expect(body.user).toMatchObject({
        phone: '+254722000111',
        status: 'pending_verification',
        roles: ['user'],
        role: 'user',
        full_name: 'Amina W',
        email: null,
      });
      expect(body.user).not.toHaveProperty('password_hash');
      expect(Date.parse(body.user.created_at)).not.toBeNaN();
    });

    it('answers 409 for a phone already registered, in any spelling', async () => {
      const res = await t.post('/auth/register', { phone: '+254 722-000-111', password: 'password1' });
      expect(res.statusCode).toBe(409);
      expect(json(res).error).toMatch(/already registered/);
    });

    it('refuses a short password and a non-phone with 400', async () => {
      const short = await t.post('/auth/register', { phone: freshPhone(), password: 'short' });
      expect(short.statusCode).toBe(400);
      expect(json(short).error).toMatch(/password/i);
      const bad = await t.post('/auth/register', { phone: '12', password: 'password1' });
      expect(bad.statusCode).toBe(400);
      expect(json(bad).code).toBe('INVALID_PHONE');
      const foreign = await t.post('/auth/register', { phone: '+4915112345678', password: 'password1' });
      expect(foreign.statusCode).toBe(400);
    });

    it('accepts the other selectable countries', async () => {
      const res = await t.post('/auth/register', { phone: '+256 772 123456', password: 'password1' });
      expect(res.statusCode).toBe(201);
      expect(json(res).user.phone).toBe('+256772123456');
    });
  });

  describe('verify and login', () => {
    const phone = freshPhone();
    it('a pending user logs in with needs_verification and no tokens', async () => {
      await t.post('/auth/register', { phone, password: 'password1' });
      const res = await t.post('/auth/login', { phone, password: 'password1' });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ needs_verification: true, access_token: null });
      expect(json(res)).not.toHaveProperty('refresh_token');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(json(res).user.status).toBe('pending_verification');
    });

    it('verify/request answers 200 with the cooldown, and the same for an unknown phone', async () => {
      const known = await t.post('/auth/verify/request', { phone });
      const unknown = await t.post('/auth/verify/request', { phone: freshPhone() });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(json(known)).toEqual(json(unknown));
      expect(json(known).resend_after_seconds).toBe(60);
    });

    it('a second request within 60 s is refused with 429 and the seconds to wait', async () => {
      const res = await t.post('/auth/verify/request', { phone });
      expect(res.statusCode).toBe(429);
      expect(json(res).retry_after_seconds).toBeGreaterThan(0);
      expect(json(res).retry_after_seconds).toBeLessThanOrEqual(60);
      expect(res.headers['retry-after']).toBe(String(json(res).retry_after_seconds));
    });

    it('a wrong code is refused with 400', async () => {
      const res = await t.post('/auth/verify/confirm', { phone, code: '000000' });
      expect(res.statusCode).toBe(400);
      expect(json(res).error).toMatch(/invalid/i);
    });

    it('the test code verifies; a second confirm is refused like a spent code (auth-enumeration.test.ts)', async () => {
      const res = await t.post('/auth/verify/confirm', { phone, code: '123456' });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ verified: true, user: { status: 'active', phone } });
      const again = await t.post('/auth/verify/confirm', { phone, code: '123456' });
      expect(again.statusCode).toBe(400);
      expect(json(again).code).toBe('CODE_NOT_FOUND');
    });

    it('confirm for an unknown phone is a 400 like a wrong code', async () => {
      const res = await t.post('/auth/verify/confirm', { phone: freshPhone(), code: '123456' });
      expect(res.statusCode).toBe(400);
    });

    it('an active user logs in with tokens; a wrong password or unknown phone is 401', async () => {
      const ok = await t.post('/auth/login', {
        phone: phone.replace('+254', '0'),
        password: 'password1',
      });
      expect(ok.statusCode).toBe(200);
      const body = json(ok);
      expect(body.needs_verification).toBe(false);
      expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body).not.toHaveProperty('refresh_token');
      expect(refreshCookieOf(ok)?.length).toBeGreaterThan(30);
      expect(body.expires_in).toBe(900);
      const wrong = await t.post('/auth/login', { phone, password: 'password2' });
      expect(wrong.statusCode).toBe(401);
      expect(json(wrong).locked_out).toBeUndefined();
      const unknown = await t.post('/auth/login', { phone: freshPhone(), password: 'password1' });
      expect(unknown.statusCode).toBe(401);
      expect(json(unknown).error).toBe(json(wrong).error);
    });
  });

  describe('sessions', () => {
    it('/auth/me needs a valid bearer token', async () => {
      const p = await t.signedInPlayer();
      const me = await t.get('/auth/me', p.headers);
      expect(me.statusCode).toBe(200);
      expect(json(me).user.id).toBe(p.userId);
      expect((await t.get('/auth/me')).statusCode).toBe(401);
      const forged = await t.get('/auth/me', bearer(`${p.accessToken.slice(0, -2)}xx`));
      expect(forged.statusCode).toBe(401);
      expect(json(forged).reason).toBe('INVALID_TOKEN');
      // alg "none" with the same claims and no signature
      const [, claims] = p.accessToken.split('.');
      const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${claims}.`;
      expect((await t.get('/auth/me', bearer(none))).statusCode).toBe(401);
      expect((await t.get('/auth/me', { authorization: p.accessToken })).statusCode).toBe(401);
    });

    it('the bearer scheme is read as before, whether or not the token was seen already', async () => {
      const p = await t.signedInPlayer();
      const token = p.accessToken;
      for (const authorization of [
        `bearer ${token}`,
        `BEARER   ${token}`,
        `Bearer\t${token}`,
        `Bearer ${token}`,
      ]) {
        expect((await t.get('/wallet/balance', { authorization })).statusCode).toBe(200);
        expect((await t.get('/auth/me', { authorization })).statusCode).toBe(200);
      }
      for (const authorization of [
        `Bearer ${token} x`,
        `Bearer ${token}.`,
        'Bearer',
        `Basic ${token}`,
        token,
      ]) {
        for (const path of ['/wallet/balance', '/auth/me']) {
          const res = await t.get(path, { authorization });
          expect(res.statusCode).toBe(401);
          expect(json(res).code).toMatch(/^(UNAUTHORIZED|INVALID_TOKEN)$/);
        }
      }
      expect(json(await t.get('/wallet/balance')).code).toBe('UNAUTHORIZED');
    });

    it('an expired access token answers 401 TOKEN_EXPIRED (refreshable, not a lockout)', async () => {
      const p = await t.signedInPlayer();
      t.clock.advance(901_000);
      const res = await t.get('/auth/me', p.headers);
      expect(res.statusCode).toBe(401);
      expect(json(res).code).toBe('TOKEN_EXPIRED');
      expect(json(res).locked_out).toBeUndefined();
      expect(json(await t.get('/wallet/balance', p.headers)).code).toBe('TOKEN_EXPIRED');
      const refreshed = await t.post('/auth/refresh', {}, refreshCookie(p.refreshToken));
      expect(refreshed.statusCode).toBe(200);
      expect((await t.get('/auth/me', bearer(json(refreshed).access_token))).statusCode).toBe(200);
    });

    it('a token already accepted still expires on time', async () => {
      const p = await t.signedInPlayer();
      expect((await t.get('/auth/me', p.headers)).statusCode).toBe(200);
      t.clock.advance(899_000);
      expect((await t.get('/auth/me', p.headers)).statusCode).toBe(200);
      t.clock.advance(1_000);
      const res = await t.get('/auth/me', p.headers);
      expect(res.statusCode).toBe(401);
      expect(json(res).code).toBe('TOKEN_EXPIRED');
    });

    it('a token signed with the right secret but another algorithm is refused', async () => {
      const p = await t.signedInPlayer();
      const [, claims] = p.accessToken.split('.');
      const payload = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8'));
      const hs384 = await new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS384', typ: 'JWT' })
        .sign(new TextEncoder().encode(t.env.JWT_SECRET));
      const res = await t.get('/auth/me', bearer(hs384));
      expect(res.statusCode).toBe(401);
      expect(json(res).reason).toBe('INVALID_TOKEN');
    });

    it('refresh rotates; reusing the spent token after the grace revokes the session with locked_out', async () => {
      const p = await t.signedInPlayer();
      const first = await t.post('/auth/refresh', {}, refreshCookie(p.refreshToken));
      expect(first.statusCode).toBe(200);
      const rotated = json(first);
      const rotatedToken = refreshCookieOf(first)!;
      expect(rotatedToken).not.toBe(p.refreshToken);
      expect(rotated.user.id).toBe(p.userId);

      // Within the grace a repeat gets the same pair (test/auth-refresh.test.ts); past it, reuse.
      t.clock.advance(REFRESH_GRACE_MS + 1);
      const reuse = await t.post('/auth/refresh', {}, refreshCookie(p.refreshToken));
      expect(reuse.statusCode).toBe(401);
      expect(json(reuse)).toMatchObject({ locked_out: true, reason: 'REFRESH_TOKEN_REUSED' });
      expect(typeof json(reuse).message).toBe('string');

      // The whole session is gone: the new refresh token and the access token both fail.
      const next = await t.post('/auth/refresh', {}, refreshCookie(rotatedToken));
      expect(next.statusCode).toBe(401);
      expect(json(next).locked_out).toBe(true);
      const me = await t.get('/auth/me', bearer(rotated.access_token));
      expect(me.statusCode).toBe(401);
      expect(json(me)).toMatchObject({ locked_out: true, reason: 'SESSION_REVOKED' });
    });

    it('an unknown refresh token is 401', async () => {
      const res = await t.post('/auth/refresh', {}, refreshCookie('not-a-token'));
      expect(res.statusCode).toBe(401);
      expect(json(res).locked_out).toBe(true);
    });

    it('logout answers 204 and revokes the session', async () => {
      const p = await t.signedInPlayer();
      const out = await t.post('/auth/logout', {}, p.headers);
      expect(out.statusCode).toBe(204);
      expect(out.body).toBe('');
      const me = await t.get('/auth/me', p.headers);
      expect(json(me)).toMatchObject({ locked_out: true, reason: 'SESSION_REVOKED' });
      // The balance route checks the session in its own query: the same answer.
      const balance = await t.get('/wallet/balance', p.headers);
      expect(json(balance)).toMatchObject({ locked_out: true, reason: 'SESSION_REVOKED' });
      expect((await t.post('/auth/refresh', {}, refreshCookie(p.refreshToken))).statusCode).toBe(401);
      // with no body at all
      const q = await t.signedInPlayer();
      const bare = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: q.headers });
      expect(bare.statusCode).toBe(204);
      expect((await t.post('/auth/logout', {})).statusCode).toBe(401);
    });

    it('a suspended user is locked out of calls, refresh and login', async () => {
      const p = await t.signedInPlayer();
      await t.app.ctx.database.db
        .updateTable('users')
        .set({ status: 'suspended' })
        .where('id', '=', p.userId)
        .execute();
      const me = await t.get('/auth/me', p.headers);
      expect(me.statusCode).toBe(401);
      expect(json(me)).toMatchObject({ locked_out: true, reason: 'ACCOUNT_SUSPENDED' });
      const balance = await t.get('/wallet/balance', p.headers);
      expect(balance.statusCode).toBe(401);
      expect(json(balance)).toMatchObject({ locked_out: true, reason: 'ACCOUNT_SUSPENDED' });
      const refresh = await t.post('/auth/refresh', {}, refreshCookie(p.refreshToken));
      expect(json(refresh)).toMatchObject({ locked_out: true, reason: 'ACCOUNT_SUSPENDED' });
      const login = await t.post('/auth/login', { phone: p.phone, password: p.password });
      expect(login.statusCode).toBe(401);
      expect(json(login)).toMatchObject({ locked_out: true, reason: 'ACCOUNT_SUSPENDED' });
    });
  });

  describe('password reset', () => {
    it('answers the same for unknown phones, then resets with the code and ends old sessions', async () => {
      const p = await t.signedInPlayer();
      const known = await t.post('/auth/password/reset/request', { phone: p.phone });
      const unknown = await t.post('/auth/password/reset/request', { phone: freshPhone() });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(json(known)).toEqual(json(unknown));

      const wrong = await t.post('/auth/password/reset/confirm', {
        phone: p.phone,
        code: '999999',
        new_password: 'new-password',
      });
      expect(wrong.statusCode).toBe(400);
      const short = await t.post('/auth/password/reset/confirm', {
        phone: p.phone,
        code: '123456',
        new_password: 'short',
      });
      expect(short.statusCode).toBe(400);

      const ok = await t.post('/auth/password/reset/confirm', {
        phone: p.phone,
        code: '123456',
        new_password: 'new-password',
      });
      expect(ok.statusCode).toBe(204);
      expect(json(await t.get('/auth/me', p.headers)).locked_out).toBe(true);
      expect((await t.post('/auth/login', { phone: p.phone, password: p.password })).statusCode).toBe(401);
      expect((await t.post('/auth/login', { phone: p.phone, password: 'new-password' })).statusCode).toBe(
        200,
      );
    });

    it('confirm for an unknown phone is 400', async () => {
      const res = await t.post('/auth/password/reset/confirm', {
        phone: freshPhone(),
        code: '123456',
        new_password: 'new-password',
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('chat token', () => {
    it('returns the HMAC of the player phone with the chat secret', async () => {
      const p = await t.signedInPlayer();
      const res = await t.post('/auth/chat-token', undefined, p.headers);
      expect(res.statusCode).toBe(200);
      const expected = createHmac('sha256', t.env.CHAT_TOKEN_SECRET).update(p.phone).digest('hex');
      expect(json(res)).toEqual({ chat_token: expected, chat_user_id: p.phone });
      expect((await t.post('/auth/chat-token', {}, p.headers)).statusCode).toBe(200);
    });

    it('needs authentication', async () => {
      expect((await t.post('/auth/chat-token')).statusCode).toBe(401);
    });
  });
});
