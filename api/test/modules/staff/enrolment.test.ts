/**
 * Enrolment codes (docs/decisions/052, amended): an administrator issues a one-time code; a
 * stolen password alone cannot enrol an authenticator. The code is stored as its SHA-256, stands
 * 24 hours, is taken once, a new one voids the old, and a reset authenticator needs a new one.
 * The bootstrap rule: an ADMIN_PHONES administrator enrols without a code only while no
 * administrator has a confirmed authenticator.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, DB_MODES, freshPhone, json, type Player, suiteApp } from '../../helpers.js';
import {
  enrol,
  issueEnrolment,
  nextStep,
  setStoredRoles,
  staffHeaders,
  staffRequest,
  staffToken,
  totpCode,
} from '../../staff-kit.js';

const CODE = /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/;

describe.each(DB_MODES)('staff enrolment codes (%s)', (mode) => {
  const adminPhone = freshPhone();
  const laterAdminPhone = freshPhone();
  const t = suiteApp(mode, { ADMIN_PHONES: `${adminPhone},${laterAdminPhone}`, RATE_LIMIT_PER_PHONE: '3' });
  let admin: Player;
  let adminToken: string;

  /** A player with a stored staff role, not enrolled. */
  async function newStarter(roles = 'user,support'): Promise<Player> {
    const member = await t.signedInPlayer(undefined, undefined, { identity: false });
    await setStoredRoles(t, member.userId, roles);
    return member;
  }
  let adminSecret: string;
  /** The admin signed in again (a staff session idles out when the clock jumps a day). */
  async function freshAdminToken(): Promise<string> {
    const login = json(await t.post('/auth/login', { phone: admin.phone, password: admin.password }));
    admin = { ...admin, headers: bearer(login.access_token) };
    return staffToken(t, admin, { secret: adminSecret, recoveryCodes: [] });
  }
  const startEnrol = (member: Player, body: unknown) => t.post('/staff/totp/enrol', body, member.headers);

  beforeAll(async () => {
    admin = await t.signedInPlayer(adminPhone);
    // The bootstrap rule: the first ADMIN_PHONES administrator of an empty system needs no code.
    const first = await startEnrol(admin, {});
    expect(first.statusCode, first.body).toBe(201);
    const secret = json(first).secret;
    adminSecret = secret;
    nextStep(t);
    const confirmed = await t.post(
      '/staff/totp/confirm',
      { code: totpCode(secret, t.clock.now()) },
      admin.headers,
    );
    expect(confirmed.statusCode).toBe(200);
    adminToken = await staffToken(t, admin, { secret, recoveryCodes: [] });
  });

  it('an administrator issues a code once, stored as its SHA-256; the person enrols with it', async () => {
    const member = await newStarter();
    const res = await issueEnrolment(t, adminToken, member.userId, 'New support agent');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { enrolment_code, expires_at } = json(res);
    expect(enrolment_code).toMatch(CODE);
    expect(Date.parse(expires_at)).toBe(t.clock.now() + 24 * 3_600_000);
    const row = await t.app.ctx.database.db
      .selectFrom('staff_enrolment_codes')
      .selectAll()
      .where('user_id', '=', member.userId)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(enrolment_code.replace(/-/g, ''));
    expect(row.code_hash).not.toBe(createHash('sha256').update(enrolment_code).digest('hex'));
    expect(row.issued_by).toBe(admin.userId);

    // Case and dashes do not matter.
    const ok = await startEnrol(member, { enrolment_code: enrolment_code.toUpperCase().replace(/-/g, ' ') });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(json(ok).recovery_codes).toHaveLength(10);
    const audit = json(
      await staffRequest(t, 'GET', `/staff/audit?player=${member.userId}`, staffHeaders(adminToken)),
    );
    const issued = audit.entries.find((e: { action: string }) => e.action === 'staff.enrolment_issued');
    expect(issued).toMatchObject({
      actor_user_id: admin.userId,
      reason: 'New support agent',
      after: { expires_at },
    });
    expect(JSON.stringify(audit.entries)).not.toContain(enrolment_code);
  });

  it('refuses enrolment without a code (403 ENROLMENT_CODE_REQUIRED) and with a wrong one (401); wrong ones lock', async () => {
    const member = await newStarter();
    const none = await startEnrol(member, {});
    expect(none.statusCode).toBe(403);
    expect(json(none).code).toBe('ENROLMENT_CODE_REQUIRED');
    expect((await startEnrol(member, null)).statusCode).toBe(403);
    const bad = await startEnrol(member, { enrolment_code: '<script>' });
    expect(bad.statusCode).toBe(400);
    const { enrolment_code } = json(await issueEnrolment(t, adminToken, member.userId));
    for (let i = 0; i < 3; i++) {
      const wrong = await startEnrol(member, { enrolment_code: 'aaaa-bbbb-cccc' });
      expect(wrong.statusCode).toBe(401);
      expect(json(wrong).code).toBe('ENROLMENT_CODE_INVALID');
    }
    // Locked after RATE_LIMIT_PER_PHONE wrong codes: even the right one waits.
    expect((await startEnrol(member, { enrolment_code })).statusCode).toBe(429);
    const totp = await t.app.ctx.database.db
      .selectFrom('staff_totp')
      .select('user_id')
      .where('user_id', '=', member.userId)
      .executeTakeFirst();
    expect(totp).toBeUndefined();
  });

  it('a code is taken once and a new one voids the old', async () => {
    const member = await newStarter();
    const first = json(await issueEnrolment(t, adminToken, member.userId)).enrolment_code;
    const second = json(await issueEnrolment(t, adminToken, member.userId)).enrolment_code;
    expect(second).not.toBe(first);
    expect(json(await startEnrol(member, { enrolment_code: first })).code).toBe('ENROLMENT_CODE_INVALID');
    expect((await startEnrol(member, { enrolment_code: second })).statusCode).toBe(201);
    // Taken: starting again (an enrolment not yet confirmed) needs a new code.
    const again = await startEnrol(member, { enrolment_code: second });
    expect(again.statusCode).toBe(401);
    expect(json(again).code).toBe('ENROLMENT_CODE_INVALID');
  });

  it('an administrator resetting an authenticator leaves the person needing a new code', async () => {
    const member = await newStarter();
    const enrolled = await enrol(t, member);
    const token = await staffToken(t, member, enrolled);
    expect((await staffRequest(t, 'GET', '/staff/me', staffHeaders(token))).statusCode).toBe(200);
    // Enrolled: no code is issued (reset first).
    const refused = await issueEnrolment(t, adminToken, member.userId);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).code).toBe('ALREADY_ENROLLED');
    const reset = await staffRequest(
      t,
      'DELETE',
      `/staff/people/${member.userId}/totp`,
      staffHeaders(adminToken),
      {
        reason: 'Lost phone',
      },
    );
    expect(reset.statusCode).toBe(204);
    expect(json(await startEnrol(member, {})).code).toBe('ENROLMENT_CODE_REQUIRED');
    const { enrolment_code } = json(await issueEnrolment(t, adminToken, member.userId, 'Lost phone'));
    expect((await startEnrol(member, { enrolment_code })).statusCode).toBe(201);
  });

  it('once an administrator is enrolled, another ADMIN_PHONES administrator needs a code too', async () => {
    const later = await t.signedInPlayer(laterAdminPhone);
    const none = await startEnrol(later, {});
    expect(none.statusCode).toBe(403);
    expect(json(none).code).toBe('ENROLMENT_CODE_REQUIRED');
    const { enrolment_code } = json(await issueEnrolment(t, adminToken, later.userId));
    expect((await startEnrol(later, { enrolment_code })).statusCode).toBe(201);
  });

  it('issuing: 404 for no one, 409 NOT_STAFF without a staff role, 400 without a reason', async () => {
    const player = await t.signedInPlayer(undefined, undefined, { identity: false });
    const notStaff = await issueEnrolment(t, adminToken, player.userId);
    expect(notStaff.statusCode).toBe(409);
    expect(json(notStaff).code).toBe('NOT_STAFF');
    const unknown = await issueEnrolment(t, adminToken, '00000000-0000-0000-0000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const noReason = await staffRequest(
      t,
      'POST',
      `/staff/people/${player.userId}/enrolment`,
      staffHeaders(adminToken),
      {},
    );
    expect(noReason.statusCode).toBe(400);
  });

  it('issuing is for administrators with two factors: none 401, a player or password-only 403, other roles 403', async () => {
    const member = await newStarter();
    const url = `/staff/people/${member.userId}/enrolment`;
    const body = { reason: 'Checking access' };
    expect((await staffRequest(t, 'POST', url, {}, body)).statusCode).toBe(401);
    const player = await t.signedInPlayer(undefined, undefined, { identity: false });
    expect(json(await staffRequest(t, 'POST', url, player.headers, body)).code).toBe(
      'SECOND_FACTOR_REQUIRED',
    );
    expect(json(await staffRequest(t, 'POST', url, admin.headers, body)).code).toBe('SECOND_FACTOR_REQUIRED');
    for (const role of ['support', 'finance', 'compliance', 'release_manager']) {
      const other = await newStarter(`user,${role}`);
      const token = await staffToken(t, other, await enrol(t, other));
      const res = await staffRequest(t, 'POST', url, staffHeaders(token), body);
      expect(res.statusCode, role).toBe(403);
      expect(json(res).code).toBe('STAFF_ROLE_REQUIRED');
    }
    expect(
      await t.app.ctx.database.db
        .selectFrom('staff_enrolment_codes')
        .select('user_id')
        .where('user_id', '=', member.userId)
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  // Last: the clock moves a day on, past every token above.
  it('a code expires 24 hours after it was issued', async () => {
    const late = await newStarter();
    const code = json(await issueEnrolment(t, adminToken, late.userId)).enrolment_code;
    const signIn = async () =>
      bearer(json(await t.post('/auth/login', { phone: late.phone, password: late.password })).access_token);
    t.clock.advance(24 * 3_600_000 - 1_000);
    const stillGood = { ...late, headers: await signIn() };
    t.clock.advance(1_000);
    const expired = await startEnrol(stillGood, { enrolment_code: code });
    expect(expired.statusCode).toBe(401);
    expect(json(expired).code).toBe('ENROLMENT_CODE_INVALID');
    // A second earlier it stood: a fresh code, the same wait less a second, is taken.
    const fresh = json(await issueEnrolment(t, await freshAdminToken(), late.userId)).enrolment_code;
    t.clock.advance(24 * 3_600_000 - 1_000);
    const ok = await startEnrol({ ...late, headers: await signIn() }, { enrolment_code: fresh });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
