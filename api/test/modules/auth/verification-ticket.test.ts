import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  DB_MODES,
  freshPhone,
  json,
  refreshCookieOf,
  suiteApp,
  type TestApp,
} from '../../helpers.js';

// Both databases: concurrency: two parallel uses of one ticket, only one signs in.
/**
 * The verification ticket (docs/decisions/062-verification-tickets.md): what the browser keeps
 * between registration (or a pending login) and the code instead of the password. The code with
 * the ticket signs the player in; the ticket works once, for minutes, for its own account only,
 * and only its hash is stored.
 */
describe.each(DB_MODES)('verification ticket (%s)', (mode) => {
  const t = suiteApp(mode, { OTP_RESEND_COOLDOWN_SECONDS: '0' });
  const EXPIRED = {
    code: 'VERIFICATION_EXPIRED',
    error: 'This verification has expired. Sign in to get a new code.',
  };

  async function registered(t: TestApp): Promise<{ phone: string; ticket: string; userId: string }> {
    const phone = freshPhone();
    const res = await t.post('/auth/register', { phone, password: 'password1' });
    expect(res.statusCode).toBe(201);
    expect((await t.post('/auth/verify/request', { phone })).statusCode).toBe(200);
    const body = json(res);
    expect(body.verification_ticket).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    return { phone, ticket: body.verification_ticket, userId: body.user.id };
  }

  const confirm = (phone: string, ticket?: string, code = '123456') =>
    t.post('/auth/verify/confirm', ticket === undefined ? { phone, code } : { phone, code, ticket });

  const sessionsOf = async (userId: string) =>
    (await t.app.ctx.database.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute())
      .length;

  const statusOf = async (userId: string) =>
    (
      await t.app.ctx.database.db
        .selectFrom('users')
        .select('status')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).status;

  it('register answers a ticket, never the password; the code with it signs in; only its hash is stored', async () => {
    const { phone, ticket, userId } = await registered(t);
    const rows = await t.app.ctx.database.db
      .selectFrom('verification_tickets')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(rows.map((r) => r.ticket_hash)).toEqual([createHash('sha256').update(ticket).digest('hex')]);
    expect(JSON.stringify(rows)).not.toContain(ticket);

    const res = await confirm(phone, ticket);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ verified: true, user: { status: 'active', phone }, expires_in: 900 });
    expect(refreshCookieOf(res)).toBeTruthy();
    const me = await t.get('/auth/me', bearer(json(res).access_token));
    expect(me.statusCode).toBe(200);
    expect(json(me).user.id).toBe(userId);
  });

  it('works once: a second use is a 401 VERIFICATION_EXPIRED that starts no session', async () => {
    const { phone, ticket, userId } = await registered(t);
    expect((await confirm(phone, ticket)).statusCode).toBe(200);
    expect((await t.post('/auth/verify/request', { phone })).statusCode).toBe(200);
    const again = await confirm(phone, ticket);
    expect(again.statusCode).toBe(401);
    expect(json(again)).toMatchObject(EXPIRED);
    expect(refreshCookieOf(again)).toBeUndefined();
    expect(await sessionsOf(userId)).toBe(1);
  });

  it('of two parallel uses only one signs in', async () => {
    const { phone, ticket, userId } = await registered(t);
    const answers = await Promise.all([
      confirm(phone, ticket),
      confirm(phone, ticket),
      confirm(phone, ticket),
    ]);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers) expect(r.statusCode).toBeLessThan(500);
    expect(await sessionsOf(userId)).toBe(1);
  });

  it('is refused for another account, and the refusal spends neither the code nor the ticket', async () => {
    const a = await registered(t);
    const b = await registered(t);
    const wrong = await confirm(b.phone, a.ticket);
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong)).toMatchObject(EXPIRED);
    expect(await statusOf(b.userId)).toBe('pending_verification');
    expect(await sessionsOf(b.userId)).toBe(0);
    // B's code was not spent, and A's ticket still works for A.
    expect((await confirm(b.phone, b.ticket)).statusCode).toBe(200);
    expect((await confirm(a.phone, a.ticket)).statusCode).toBe(200);
  });

  it('expires after VERIFICATION_TICKET_TTL_SECONDS (15 minutes by default): 401, account still pending', async () => {
    const { phone, ticket, userId } = await registered(t);
    expect(t.env.VERIFICATION_TICKET_TTL_SECONDS).toBe(900);
    t.clock.advance(900_000);
    // A fresh code, so only the ticket is out of date.
    expect((await t.post('/auth/verify/request', { phone })).statusCode).toBe(200);
    const late = await confirm(phone, ticket);
    expect(late.statusCode).toBe(401);
    expect(json(late)).toMatchObject(EXPIRED);
    expect(await statusOf(userId)).toBe('pending_verification');
    // Signing in again answers a new ticket, which works with the same (unspent) code.
    const login = await t.post('/auth/login', { phone, password: 'password1' });
    expect(json(login)).toMatchObject({ needs_verification: true, access_token: null });
    expect(json(login).verification_ticket).not.toBe(ticket);
    const res = await confirm(phone, json(login).verification_ticket);
    expect(res.statusCode).toBe(200);
    expect(json(res).access_token).toEqual(expect.any(String));
  });

  it('a pending login replaces the earlier ticket; a verified login answers none', async () => {
    const { phone, ticket } = await registered(t);
    const login = await t.post('/auth/login', { phone, password: 'password1' });
    const newer = json(login).verification_ticket;
    expect(json(await confirm(phone, ticket))).toMatchObject(EXPIRED);
    expect((await confirm(phone, newer)).statusCode).toBe(200);
    const active = await t.post('/auth/login', { phone, password: 'password1' });
    expect(json(active)).toMatchObject({ needs_verification: false, verification_ticket: null });
  });

  it('a password reset ends the ticket (it stood for the old password)', async () => {
    const { phone, ticket } = await registered(t);
    expect((await t.post('/auth/password/reset/request', { phone })).statusCode).toBe(200);
    const reset = await t.post('/auth/password/reset/confirm', {
      phone,
      code: '123456',
      new_password: 'password2',
    });
    expect(reset.statusCode).toBe(204);
    expect((await t.post('/auth/verify/request', { phone })).statusCode).toBe(200);
    expect(json(await confirm(phone, ticket))).toMatchObject(EXPIRED);
  });

  it('without a ticket the code verifies as before, with no session', async () => {
    const { phone, userId } = await registered(t);
    const res = await confirm(phone);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ verified: true, access_token: null, expires_in: null });
    expect(await sessionsOf(userId)).toBe(0);
  });

  it('a malformed ticket is a 400 that changes nothing', async () => {
    const { phone, userId } = await registered(t);
    for (const ticket of ['', 'short', 'x'.repeat(200), 'has spaces in it, sixteen+', 42]) {
      const res = await t.post('/auth/verify/confirm', { phone, code: '123456', ticket });
      expect(res.statusCode, String(ticket)).toBe(400);
    }
    expect(await statusOf(userId)).toBe('pending_verification');
  });
});
