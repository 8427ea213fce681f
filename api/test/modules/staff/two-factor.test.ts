/**
 * Staff two-factor sign-in (docs/decisions/052-staff-accounts-two-factors.md): enrolment and its
 * confirmation, the sign-in refused without a second factor, wrong and replayed codes, recovery
 * codes taken once, the lock after wrong codes, and staff sessions' idle and absolute ends.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_MODES, freshPhone, json, type Player, suiteApp } from '../../helpers.js';
import {
  type Enrolled,
  enrol,
  nextStep,
  staffHeaders,
  staffRequest,
  staffSignIn,
  staffToken,
  totpCode,
} from '../../staff-kit.js';

// Both databases: concurrency: the same code sent twice at once signs in once.
describe.each(DB_MODES)('staff two-factor sign-in (%s)', (mode) => {
  const adminPhone = freshPhone();
  const t = suiteApp(mode, {
    ADMIN_PHONES: adminPhone,
    STAFF_SESSION_IDLE_SECONDS: '900',
    STAFF_SESSION_MAX_SECONDS: '3600',
  });
  let admin: Player;
  let enrolled: Enrolled;

  beforeAll(async () => {
    admin = await t.signedInPlayer(adminPhone);
  });

  it('enrols: a secret once, with its otpauth URI, an SVG QR code and 10 recovery codes; stored encrypted', async () => {
    const res = await t.post('/staff/totp/enrol', {}, admin.headers);
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = json(res);
    expect(body.otpauth_uri).toMatch(
      /^otpauth:\/\/totp\/.+\?issuer=.+&secret=[A-Z2-7]+&algorithm=SHA1&digits=6&period=30$/,
    );
    expect(body.otpauth_uri).toContain(`secret=${body.secret}`);
    expect(body.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(body.recovery_codes).toHaveLength(10);
    expect(new Set(body.recovery_codes).size).toBe(10);
    for (const code of body.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const db = t.app.ctx.database.db;
    const row = await db
      .selectFrom('staff_totp')
      .selectAll()
      .where('user_id', '=', admin.userId)
      .executeTakeFirstOrThrow();
    expect(row.secret_enc).toMatch(/^v1\./);
    expect(row.secret_enc).not.toContain(body.secret);
    expect(row.confirmed_at).toBeNull();
    const codes = await db
      .selectFrom('staff_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', admin.userId)
      .execute();
    expect(codes).toHaveLength(10);
    for (const { code_hash } of codes) expect(body.recovery_codes.join()).not.toContain(code_hash);

    // Not confirmed yet: no staff sign-in.
    nextStep(t);
    const early = await staffSignIn(t, admin, { code: totpCode(body.secret, t.clock.now()) });
    expect(early.statusCode).toBe(403);
    expect(json(early).code).toBe('TWO_FACTOR_NOT_ENROLLED');

    // A wrong code does not confirm; the right one does, once.
    const wrong = await t.post(
      '/staff/totp/confirm',
      { code: totpCode(body.secret, t.clock.now() + 600_000) },
      admin.headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).code).toBe('CODE_INVALID');
    nextStep(t);
    const ok = await t.post(
      '/staff/totp/confirm',
      { code: totpCode(body.secret, t.clock.now()) },
      admin.headers,
    );
    expect(ok.statusCode).toBe(200);
    expect(json(ok).enrolled).toBe(true);
    enrolled = { secret: body.secret, recoveryCodes: body.recovery_codes };

    // The secret is never answered again.
    const again = await t.post('/staff/totp/enrol', {}, admin.headers);
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe('ALREADY_ENROLLED');
    expect(again.body).not.toContain(body.secret);
  });

  it('a player without a staff role cannot enrol', async () => {
    const player = await t.signedInPlayer(undefined, undefined, { identity: false });
    const res = await t.post('/staff/totp/enrol', {}, player.headers);
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('STAFF_ROLE_REQUIRED');
    expect((await t.post('/staff/totp/enrol', {})).statusCode).toBe(401);
  });

  it('refuses a sign-in without the second factor, with a wrong password, a wrong code or a replayed code', async () => {
    const none = await staffSignIn(t, admin, {});
    expect(none.statusCode).toBe(401);
    expect(json(none).code).toBe('CODE_REQUIRED');
    expect(none.body).not.toContain('token');

    nextStep(t);
    const badPassword = await t.post('/staff/sign-in', {
      phone: admin.phone,
      password: 'not-the-password',
      code: totpCode(enrolled.secret, t.clock.now()),
    });
    expect(badPassword.statusCode).toBe(401);
    expect(json(badPassword).code).toBe('INVALID_CREDENTIALS');

    const wrong = await staffSignIn(t, admin, { code: totpCode(enrolled.secret, t.clock.now() + 300_000) });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).code).toBe('CODE_INVALID');

    // One step of drift either way is taken (a phone's clock a little off).
    nextStep(t);
    const drifted = await staffSignIn(t, admin, { code: totpCode(enrolled.secret, t.clock.now() - 30_000) });
    expect(drifted.statusCode).toBe(200);
    // That code, and the one of the step before, are spent now.
    const replay = await staffSignIn(t, admin, { code: totpCode(enrolled.secret, t.clock.now() - 30_000) });
    expect(replay.statusCode).toBe(400);
    expect(json(replay).code).toBe('CODE_USED');

    const fresh = await staffSignIn(t, admin, { code: totpCode(enrolled.secret, t.clock.now()) });
    expect(fresh.statusCode).toBe(200);
    const body = json(fresh);
    expect(body.token).toMatch(/^stf_/);
    expect(body.session.second_factor).toBe('totp');
    expect(body.member.roles).toEqual(['admin']);
    expect(body.member.two_factor).toBe(true);
    const again = await staffSignIn(t, admin, { code: totpCode(enrolled.secret, t.clock.now()) });
    expect(json(again).code).toBe('CODE_USED');

    const audit = await t.app.ctx.database.db
      .selectFrom('staff_audit')
      .select(['action', 'after'])
      .where((eb) =>
        eb.or([eb('target_user_id', '=', admin.userId), eb('target', '=', `phone:${admin.phone}`)]),
      )
      .orderBy('id')
      .execute();
    const failures = audit
      .filter((a) => a.action === 'staff.sign_in_failed')
      .map((a) => JSON.parse(a.after ?? '{}').code);
    expect(failures).toEqual(
      expect.arrayContaining([
        'TWO_FACTOR_NOT_ENROLLED',
        'CODE_REQUIRED',
        'INVALID_CREDENTIALS',
        'CODE_INVALID',
        'CODE_USED',
      ]),
    );
    expect(audit.filter((a) => a.action === 'staff.sign_in')).toHaveLength(2);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['staff.totp_enrol_started', 'staff.totp_enrolled']),
    );
  });

  it('a recovery code signs in once', async () => {
    const [first, second] = enrolled.recoveryCodes;
    const res = await staffSignIn(t, admin, { recovery_code: first!.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(json(res).session.second_factor).toBe('recovery_code');
    expect(json(res).member.recovery_codes_left).toBe(9);
    const again = await staffSignIn(t, admin, { recovery_code: first! });
    expect(again.statusCode).toBe(400);
    expect(json(again).code).toBe('CODE_INVALID');
    // Typed without the dash, with spaces.
    expect(
      (await staffSignIn(t, admin, { recovery_code: ` ${second!.replace('-', ' ')} ` })).statusCode,
    ).toBe(200);
    expect((await staffSignIn(t, admin, { recovery_code: 'aaaaa-bbbbb' })).statusCode).toBe(400);
  });

  it('a staff session ends after its idle time, and at its absolute end however busy', async () => {
    const idleToken = await staffToken(t, admin, enrolled);
    const me = () => staffRequest(t, 'GET', '/staff/me', staffHeaders(idleToken));
    expect((await me()).statusCode).toBe(200);
    t.clock.advance(899_000);
    expect((await me()).statusCode).toBe(200);
    // The request just now moved the idle end on.
    t.clock.advance(899_000);
    expect((await me()).statusCode).toBe(200);
    t.clock.advance(900_000);
    const idle = await me();
    expect(idle.statusCode).toBe(401);
    expect(json(idle).code).toBe('STAFF_SESSION_EXPIRED');
    expect(json(await me()).code).toBe('STAFF_SESSION_ENDED');

    const busyToken = await staffToken(t, admin, enrolled);
    const busy = () => staffRequest(t, 'GET', '/staff/me', staffHeaders(busyToken));
    const started = t.clock.now();
    // A request every 10 minutes: never idle, still over after the hour (STAFF_SESSION_MAX_SECONDS).
    while (t.clock.now() + 600_000 < started + 3_600_000) {
      t.clock.advance(600_000);
      expect((await busy()).statusCode).toBe(200);
    }
    t.clock.set(started + 3_600_000);
    const over = await busy();
    expect(over.statusCode).toBe(401);
    expect(json(over).code).toBe('STAFF_SESSION_EXPIRED');

    const ended = await t.app.ctx.database.db
      .selectFrom('staff_sessions')
      .select(['ended_reason'])
      .where('user_id', '=', admin.userId)
      .where('ended_at', 'is not', null)
      .execute();
    expect(ended.map((s) => s.ended_reason).sort()).toEqual(['expired', 'idle']);
  });

  it('the same code sent twice at once signs in once', async () => {
    nextStep(t);
    const code = totpCode(enrolled.secret, t.clock.now());
    const both = await Promise.all([staffSignIn(t, admin, { code }), staffSignIn(t, admin, { code })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(both.map((r) => json(r).code).filter(Boolean)).toEqual(['CODE_USED']);
  });

  it('a suspended staff member’s session stops at once', async () => {
    const member = await t.signedInPlayer(undefined, undefined, { identity: false });
    await t.app.ctx.database.db
      .updateTable('users')
      .set({ roles: 'user,support' })
      .where('id', '=', member.userId)
      .execute();
    const token = await staffToken(t, member, await enrol(t, member));
    expect((await staffRequest(t, 'GET', '/staff/me', staffHeaders(token))).statusCode).toBe(200);
    await t.app.ctx.database.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('id', '=', member.userId)
      .execute();
    const refused = await staffRequest(t, 'GET', '/staff/me', staffHeaders(token));
    expect(refused.statusCode).toBe(401);
    expect(json(refused).code).toBe('ACCOUNT_SUSPENDED');
    nextStep(t);
    expect((await staffSignIn(t, member, { code: '000000' })).statusCode).toBe(401);
  });

  it('enrolment answers only a signed-in staff member: none 401, a player 403, a staff token 401', async () => {
    const player = await t.signedInPlayer(undefined, undefined, { identity: false });
    for (const url of ['/staff/totp/enrol', '/staff/totp/confirm']) {
      const body = url.endsWith('confirm') ? { code: '123456' } : {};
      expect((await t.post(url, body)).statusCode, `${url} without a token`).toBe(401);
      const asPlayer = await t.post(url, body, player.headers);
      expect(asPlayer.statusCode, `${url} as a player`).toBe(403);
      expect(json(asPlayer).code).toBe('STAFF_ROLE_REQUIRED');
      // Enrolment is done with the password session, never a staff token.
      expect((await t.post(url, body, staffHeaders('stf_x'))).statusCode, `${url} with a staff token`).toBe(
        401,
      );
    }
  });

  it('signing out ends the session', async () => {
    const token = await staffToken(t, admin, enrolled);
    expect((await staffRequest(t, 'POST', '/staff/sign-out', staffHeaders(token), {})).statusCode).toBe(204);
    const after = await staffRequest(t, 'GET', '/staff/me', staffHeaders(token));
    expect(after.statusCode).toBe(401);
    expect(json(after).code).toBe('STAFF_SESSION_ENDED');
  });
});

describe.each(DB_MODES)('staff codes lock like passwords (%s)', (mode) => {
  const phone = freshPhone();
  const t = suiteApp(mode, { ADMIN_PHONES: phone, RATE_LIMIT_PER_PHONE: '3' });

  it('after 3 wrong codes the account is refused, the right code too, until the window passes', async () => {
    const admin = await t.signedInPlayer(phone);
    const enrolled = await enrol(t, admin);
    nextStep(t);
    for (let i = 0; i < 3; i++) {
      const wrong = await staffSignIn(t, admin, {
        code: totpCode(enrolled.secret, t.clock.now() + 3_600_000 + i * 30_000),
      });
      expect(wrong.statusCode).toBe(400);
    }
    const locked = await staffSignIn(t, admin, { code: totpCode(enrolled.secret, t.clock.now()) });
    expect(locked.statusCode).toBe(429);
    expect(json(locked).code).toBe('RATE_LIMITED');
    // A recovery code is a second factor too: locked as well.
    expect((await staffSignIn(t, admin, { recovery_code: enrolled.recoveryCodes[0]! })).statusCode).toBe(429);
    t.clock.advance(t.env.RATE_LIMIT_WINDOW_SECONDS * 1000);
    const after = await staffSignIn(t, admin, { code: totpCode(enrolled.secret, t.clock.now()) });
    expect(after.statusCode).toBe(200);
  });
});
