/**
 * A staff session ends when its person is signed out everywhere: their password reset, or a
 * force-logout (docs/decisions/061); a staff member's player 360 and the rest of their player
 * pages are for administrators only; the regulator feed is replayed on one audited route.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_MODES, json, suiteApp } from '../../helpers.js';
import { type StaffSession, staffRequest, staffSession } from '../../staff-kit.js';

describe.each(DB_MODES)('staff sessions that end (%s)', (mode) => {
  const t = suiteApp(mode);
  let admin: StaffSession;
  let support: StaffSession;

  beforeAll(async () => {
    admin = await staffSession(t, undefined, ['admin']);
    support = await staffSession(t, undefined, ['support']);
  });

  const me = (s: StaffSession) => staffRequest(t, 'GET', '/staff/me', s.headers);
  const sessionRow = (s: StaffSession) =>
    t.app.ctx.database.db
      .selectFrom('staff_sessions')
      .select(['ended_at', 'ended_reason'])
      .where('user_id', '=', s.player.userId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();

  /** The person resets their password with a one-time code, as a player does. */
  const resetPassword = async (person: { player: { phone: string } }) => {
    expect((await t.post('/auth/password/reset/request', { phone: person.player.phone })).statusCode).toBe(
      200,
    );
    const reset = await t.post('/auth/password/reset/confirm', {
      phone: person.player.phone,
      code: t.env.OTP_TEST_CODE,
      new_password: 'a-brand-new-password',
    });
    expect(reset.statusCode).toBe(204);
  };

  it("a password reset ends the person's staff session", async () => {
    const person = await staffSession(t, undefined, ['finance']);
    expect((await me(person)).statusCode).toBe(200);
    await resetPassword(person);
    const after = await me(person);
    expect(after.statusCode).toBe(401);
    expect(json(after).code).toBe('STAFF_SESSION_ENDED');
    expect(await sessionRow(person)).toMatchObject({ ended_reason: 'password_reset' });
  });

  it("the administrator's list shows a session ended by a password reset as ended, before it is used", async () => {
    const person = await staffSession(t, undefined, ['finance']);
    await resetPassword(person);
    const listed = await staffRequest(
      t,
      'GET',
      `/staff/people/${person.player.userId}/sessions`,
      admin.headers,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(json(listed).sessions.filter((s: { ended_at: string | null }) => s.ended_at === null)).toEqual([]);
    expect(json(listed).sessions[0]).toMatchObject({ ended_reason: 'password_reset' });
  });

  it("an administrator's force-logout ends a staff member's staff session", async () => {
    const person = await staffSession(t, undefined, ['finance']);
    const res = await staffRequest(
      t,
      'POST',
      `/staff/players/${person.player.userId}/logout`,
      admin.headers,
      {
        reason: 'Laptop stolen',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await me(person);
    expect(after.statusCode).toBe(401);
    expect(json(after).code).toBe('STAFF_SESSION_ENDED');
    expect(await sessionRow(person)).toMatchObject({ ended_reason: 'staff_logout' });
    // The administrator's own session stands.
    expect((await me(admin)).statusCode).toBe(200);
  });

  it("support cannot open a staff member's player pages; an administrator can", async () => {
    const id = admin.player.userId;
    for (const [method, url, body] of [
      ['GET', `/staff/players/${id}`, undefined],
      ['GET', `/staff/players/${id}/transactions`, undefined],
      ['GET', `/staff/players/${id}/sessions`, undefined],
      ['GET', `/staff/players/${id}/notes`, undefined],
      ['POST', `/staff/players/${id}/reveal`, { field: 'date_of_birth', reason: 'Curious' }],
      ['POST', `/staff/players/${id}/logout`, { reason: 'Prank' }],
    ] as const) {
      const res = await staffRequest(t, method, url, support.headers, body);
      expect(res.statusCode, `${method} ${url} as support`).toBe(403);
      expect(json(res).code).toBe('ADMIN_REQUIRED_FOR_STAFF');
    }
    expect((await me(admin)).statusCode).toBe(200);
    const other = await staffSession(t, undefined, ['compliance']);
    const asAdmin = await staffRequest(t, 'GET', `/staff/players/${other.player.userId}`, admin.headers);
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    // An ordinary player's 360 stays support's, not an administrator's.
    const player = await t.signedInPlayer();
    expect(
      (await staffRequest(t, 'GET', `/staff/players/${player.userId}`, support.headers)).statusCode,
    ).toBe(200);
  });

  it('the regulator feed is replayed on the audited staff route only', async () => {
    const compliance = await staffSession(t, undefined, ['compliance']);
    const old = await t.post('/regulator-feed/replay', { fromSequence: 1 }, compliance.headers);
    expect(old.statusCode).toBe(404);
    const res = await staffRequest(t, 'POST', '/staff/regulator-feed/replay', compliance.headers, {
      from_sequence: 1,
      reason: 'Regulator asked',
    });
    expect(res.statusCode, res.body).toBe(200);
    const audited = await t.app.ctx.database.db
      .selectFrom('staff_audit')
      .select(['action', 'reason'])
      .where('actor_user_id', '=', compliance.player.userId)
      .where('action', '=', 'regulator_feed.replayed')
      .execute();
    expect(audited).toEqual([{ action: 'regulator_feed.replayed', reason: 'Regulator asked' }]);
  });
});
