/**
 * What administrators do with staff accounts (docs/decisions/052-staff-accounts-two-factors.md):
 * grant and remove roles (with a reason, audited; nobody changes their own roles; a role
 * the environment grants stays), list and end staff sessions, read and export the staff audit;
 * and who may call each staff endpoint: every role, none, a player, a player's token on a staff
 * route (no second factor).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_MODES, freshPhone, json, type Player, suiteApp } from '../../helpers.js';
import {
  asStaff,
  type Enrolled,
  enrol,
  setStoredRoles,
  staffHeaders,
  staffRequest,
  staffSession,
  staffToken,
} from '../../staff-kit.js';

type Method = 'GET' | 'POST' | 'DELETE';

describe.each(DB_MODES)('staff roles, sessions and audit (%s)', (mode) => {
  const adminPhone = freshPhone();
  const t = suiteApp(mode, { ADMIN_PHONES: adminPhone });
  let admin: Player;
  let adminEnrolled: Enrolled;
  let adminToken: string;
  /** One signed-in staff member per non-admin role, and a player with no role. */
  const staff: Record<string, { player: Player; token: string }> = {};
  let player: Player;

  const asAdmin = (method: Method, url: string, payload?: unknown) =>
    staffRequest(t, method, url, staffHeaders(adminToken), payload);
  /** A second administrator (stored role, no link to the first) confirms a pending grant (decision 065). */
  const confirmBySecond = async (granted: { body: string }) => {
    const second = await staffSession(t, undefined, ['admin']);
    const id = json(granted as never).pending_grants[0].id;
    return staffRequest(t, 'POST', `/staff/role-grants/${id}/confirm`, second.headers, {
      reason: 'Second administrator checked',
    });
  };

  beforeAll(async () => {
    admin = await t.signedInPlayer(adminPhone);
    adminEnrolled = await enrol(t, admin);
    adminToken = await staffToken(t, admin, adminEnrolled);
    player = await t.signedInPlayer(undefined, undefined, { identity: false });
    const stored = {
      support: 'support',
      finance: 'finance',
      compliance: 'compliance',
      release_manager: 'release_manager',
    };
    for (const [role, roles] of Object.entries(stored)) {
      const member = await t.signedInPlayer(undefined, undefined, { identity: false });
      await setStoredRoles(t, member.userId, `user,${roles}`);
      const enrolled = await enrol(t, member);
      staff[role] = { player: member, token: await staffToken(t, member, enrolled) };
    }
  });

  it('an administrator grants a role with a reason; it is audited with before and after', async () => {
    const target = await t.signedInPlayer(undefined, undefined, { identity: false });
    const noReason = await asAdmin('POST', `/staff/people/${target.userId}/roles`, { role: 'support' });
    expect(noReason.statusCode).toBe(400);
    const proposed = await asAdmin('POST', `/staff/people/${target.userId}/roles`, {
      role: 'finance',
      reason: 'Joins the finance desk',
    });
    // Finance waits for a second administrator (decision 065).
    expect(proposed.statusCode).toBe(202);
    expect(json(proposed).roles).toEqual([]);
    const res = await confirmBySecond(proposed);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).roles).toEqual(['finance']);
    const stored = await t.app.ctx.database.db
      .selectFrom('users')
      .select('roles')
      .where('id', '=', target.userId)
      .executeTakeFirstOrThrow();
    // Finance is the payments operator of the review routes (decision 052).
    expect(stored.roles).toBe('user,finance');
    // …and with two factors (decision 052) the review routes let them in.
    const asFinance = await asStaff(t, target);
    expect((await t.get('/finance/review', asFinance.headers)).statusCode).toBe(200);
    const twice = await asAdmin('POST', `/staff/people/${target.userId}/roles`, {
      role: 'finance',
      reason: 'Again',
    });
    expect(twice.statusCode).toBe(409);
    expect(json(twice).code).toBe('ROLE_HELD');

    const removed = await asAdmin('DELETE', `/staff/people/${target.userId}/roles/finance`, {
      reason: 'Left the finance desk',
    });
    expect(removed.statusCode).toBe(200);
    expect(json(removed).roles).toEqual([]);
    const audit = json(await asAdmin('GET', `/staff/audit?player=${target.userId}`));
    // The role changes (their enrolment, sign-in and the session the removal ended are audited too).
    const roleChanges = audit.entries.filter((e: { action: string }) => e.action.startsWith('staff.role_'));
    expect(roleChanges.map((e: { action: string }) => e.action)).toEqual([
      'staff.role_removed',
      'staff.role_grant_confirmed',
      'staff.role_grant_proposed',
    ]);
    const [removal, grant, proposal] = roleChanges;
    expect(proposal).toMatchObject({
      actor_user_id: admin.userId,
      target_user_id: target.userId,
      after: { role: 'finance' },
      reason: 'Joins the finance desk',
    });
    expect(grant).toMatchObject({
      target_user_id: target.userId,
      before: { roles: [] },
      after: { roles: ['finance'] },
      reason: 'Second administrator checked',
    });
    expect(removal).toMatchObject({
      before: { roles: ['finance'] },
      after: { roles: [] },
      reason: 'Left the finance desk',
    });
    const notHeld = await asAdmin('DELETE', `/staff/people/${target.userId}/roles/finance`, {
      reason: 'Again',
    });
    expect(json(notHeld).code).toBe('ROLE_NOT_HELD');
  });

  it('removing the last staff role ends that person’s staff sessions', async () => {
    const member = await t.signedInPlayer(undefined, undefined, { identity: false });
    expect(
      (await asAdmin('POST', `/staff/people/${member.userId}/roles`, { role: 'support', reason: 'New hire' }))
        .statusCode,
    ).toBe(200);
    const token = await staffToken(t, member, await enrol(t, member));
    expect((await staffRequest(t, 'GET', '/staff/me', staffHeaders(token))).statusCode).toBe(200);
    await asAdmin('DELETE', `/staff/people/${member.userId}/roles/support`, { reason: 'Contract ended' });
    const after = await staffRequest(t, 'GET', '/staff/me', staffHeaders(token));
    expect(after.statusCode).toBe(401);
    expect(json(after).code).toBe('STAFF_SESSION_ENDED');
  });

  it('nobody changes their own roles (another administrator does); a role the environment grants stays', async () => {
    const own = await asAdmin('DELETE', `/staff/people/${admin.userId}/roles/admin`, {
      reason: 'Stepping down',
    });
    expect(own.statusCode).toBe(403);
    expect(json(own).code).toBe('OWN_ROLES');

    // A second administrator, granted through the API.
    const other = await t.signedInPlayer(undefined, undefined, { identity: false });
    const grant = () =>
      asAdmin('POST', `/staff/people/${other.userId}/roles`, { role: 'admin', reason: 'Deputy' });
    const proposed = await grant();
    expect(proposed.statusCode).toBe(202);
    expect((await confirmBySecond(proposed)).statusCode).toBe(200);
    const asOther = staffHeaders(await staffToken(t, other, await enrol(t, other)));
    const remove = (userId: string, headers: Record<string, string>) =>
      staffRequest(t, 'DELETE', `/staff/people/${userId}/roles/admin`, headers, { reason: 'Stepping down' });
    // The deputy cannot step down alone, nor grant themselves anything; the first administrator's
    // role comes from ADMIN_PHONES, so the deputy cannot take it either.
    expect(json(await remove(other.userId, asOther)).code).toBe('OWN_ROLES');
    const selfGrant = await staffRequest(t, 'POST', `/staff/people/${other.userId}/roles`, asOther, {
      role: 'finance',
      reason: 'Helping out',
    });
    expect(json(selfGrant).code).toBe('OWN_ROLES');
    const configured = await remove(admin.userId, asOther);
    expect(configured.statusCode).toBe(409);
    expect(json(configured).code).toBe('ROLE_CONFIGURED');
    // Another administrator takes the deputy's role.
    expect(
      (await asAdmin('DELETE', `/staff/people/${other.userId}/roles/admin`, { reason: 'Stepping down' }))
        .statusCode,
    ).toBe(200);
  });

  it('an administrator lists a person’s staff sessions and ends one, with a reason; audited', async () => {
    const support = staff.support!;
    const list = await asAdmin('GET', `/staff/people/${support.player.userId}/sessions`);
    expect(list.statusCode).toBe(200);
    const open = json(list).sessions.filter((s: { ended_at: string | null }) => s.ended_at === null);
    expect(open).toHaveLength(1);
    expect(open[0].second_factor).toBe('totp');
    const ended = await asAdmin('DELETE', `/staff/sessions/${open[0].id}`, { reason: 'Lost laptop' });
    expect(ended.statusCode).toBe(204);
    const refused = await staffRequest(t, 'GET', '/staff/me', staffHeaders(support.token));
    expect(refused.statusCode).toBe(401);
    expect(json(refused).code).toBe('STAFF_SESSION_ENDED');
    expect(json(await asAdmin('DELETE', `/staff/sessions/${open[0].id}`, { reason: 'Again' })).code).toBe(
      'SESSION_ENDED',
    );
    const audit = json(
      await asAdmin('GET', `/staff/audit?action=staff.session_ended&player=${support.player.userId}`),
    );
    expect(audit.entries[0]).toMatchObject({
      actor_user_id: admin.userId,
      reason: 'Lost laptop',
      target: `staff_session:${open[0].id}`,
    });
    // Signed in again for the authorization checks below.
    support.token = await staffToken(t, support.player, await resetAndEnrol(support.player));
  });

  /** An administrator resets the person's authenticator; they enrol again. */
  async function resetAndEnrol(member: Player): Promise<Enrolled> {
    const reset = await asAdmin('DELETE', `/staff/people/${member.userId}/totp`, { reason: 'New phone' });
    expect(reset.statusCode).toBe(204);
    return enrol(t, member);
  }

  it('the audit pages newest first and filters by person, player, action and day', async () => {
    const first = json(await asAdmin('GET', '/staff/audit?limit=3'));
    expect(first.entries).toHaveLength(3);
    expect(first.next_before).toBe(first.entries[2].id);
    const second = json(await asAdmin('GET', `/staff/audit?limit=3&before=${first.next_before}`));
    expect(second.entries[0].id < first.entries[2].id).toBe(true);
    const all = json(await asAdmin('GET', '/staff/audit?limit=500')).entries;
    expect(all.length).toBeGreaterThan(6);
    const byActor = json(await asAdmin('GET', `/staff/audit?limit=500&actor=${admin.userId}`)).entries;
    expect(byActor.length).toBeGreaterThan(0);
    expect(byActor.every((e: { actor_user_id: string }) => e.actor_user_id === admin.userId)).toBe(true);
    const signIns = json(await asAdmin('GET', '/staff/audit?limit=500&action=staff.sign_in')).entries;
    expect(signIns.length).toBeGreaterThanOrEqual(5);
    // East Africa Time days (UTC+3) of the oldest and newest entries.
    const eatDay = (at: string) => new Date(Date.parse(at) + 3 * 3_600_000).toISOString().slice(0, 10);
    const firstDay = eatDay(all.at(-1).at);
    const day = eatDay(all[0].at);
    const inRange = json(await asAdmin('GET', `/staff/audit?limit=500&from=${firstDay}&to=${day}`)).entries;
    expect(inRange.length).toBe(all.length);
    const tomorrow = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
    expect(json(await asAdmin('GET', `/staff/audit?from=${tomorrow}`)).entries).toEqual([]);
    const backwards = await asAdmin('GET', `/staff/audit?from=${tomorrow}&to=${day}`);
    expect(backwards.statusCode).toBe(400);
    expect(json(backwards).code).toBe('INVALID_RANGE');
  });

  it('the audit CSV keeps a reason a spreadsheet would run as a formula as text', async () => {
    const target = await t.signedInPlayer(undefined, undefined, { identity: false });
    await asAdmin('POST', `/staff/people/${target.userId}/roles`, {
      role: 'support',
      reason: '=HYPERLINK("http://x","y")',
    });
    await asAdmin('DELETE', `/staff/people/${target.userId}/roles/support`, {
      reason: '-1+2, then @SUM(A1)',
    });
    const res = await asAdmin('GET', `/staff/audit.csv?player=${target.userId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('id,at,actor_user_id,action,target_user_id,target,before,after,reason,ip');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'-1+2, then @SUM(A1)"`);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    for (const line of lines.slice(1)) expect(line).not.toMatch(/(^|,)[=+\-@]/);
  });

  it('every staff endpoint answers each role, none, a player and a password-only token as it should', async () => {
    const someone = staff.compliance!.player.userId;
    const sessionId = json(await asAdmin('GET', `/staff/people/${someone}/sessions`)).sessions[0].id;
    /** [method, url, body, who may]: `staff` any staff role, `admin` administrators only. */
    const endpoints: [Method, string, unknown, 'staff' | 'admin'][] = [
      ['GET', '/staff/me', undefined, 'staff'],
      ['GET', '/staff/people', undefined, 'admin'],
      [
        'POST',
        `/staff/people/${player.userId}/roles`,
        { role: 'support', reason: 'Checking access' },
        'admin',
      ],
      ['DELETE', `/staff/people/${player.userId}/roles/support`, { reason: 'Checking access' }, 'admin'],
      ['GET', '/staff/role-grants', undefined, 'admin'],
      ['GET', `/staff/people/${someone}/sessions`, undefined, 'admin'],
      ['DELETE', `/staff/sessions/${sessionId}`, { reason: 'Checking access' }, 'admin'],
      ['DELETE', `/staff/people/${someone}/totp`, { reason: 'Checking access' }, 'admin'],
      ['POST', `/staff/people/${someone}/enrolment`, { reason: 'Checking access' }, 'admin'],
      ['GET', '/staff/audit', undefined, 'admin'],
      ['GET', '/staff/audit.csv', undefined, 'admin'],
    ];
    for (const [method, url, body] of endpoints) {
      const none = await staffRequest(t, method, url, {}, body);
      expect(none.statusCode, `${method} ${url} without a token`).toBe(401);
      // A player's own access token: password only.
      const asPlayer = await staffRequest(t, method, url, player.headers, body);
      expect(asPlayer.statusCode, `${method} ${url} as a player`).toBe(403);
      expect(json(asPlayer).code).toBe('SECOND_FACTOR_REQUIRED');
      // A staff member's password-only token: refused without the second factor.
      const passwordOnly = await staffRequest(t, method, url, staff.support!.player.headers, body);
      expect(passwordOnly.statusCode, `${method} ${url} with a password-only token`).toBe(403);
      expect(json(passwordOnly).code).toBe('SECOND_FACTOR_REQUIRED');
      expect((await staffRequest(t, method, url, staffHeaders('stf_unknown'), body)).statusCode).toBe(401);
    }
    for (const [method, url, body, who] of endpoints) {
      for (const [role, { token }] of Object.entries(staff)) {
        const res = await staffRequest(t, method, url, staffHeaders(token), body);
        if (who === 'staff') expect(res.statusCode, `${method} ${url} as ${role}`).toBe(200);
        else {
          expect(res.statusCode, `${method} ${url} as ${role}`).toBe(403);
          expect(json(res)).toMatchObject({
            code: 'STAFF_ROLE_REQUIRED',
            error: 'Only administrators may do this',
          });
        }
      }
    }
    // And an administrator is let through each (in an order where each succeeds).
    for (const [method, url, body] of endpoints) {
      const res = await asAdmin(method, url, body);
      expect([200, 201, 204], `${method} ${url} as admin: ${res.body}`).toContain(res.statusCode);
    }
    // Nothing refused above changed anything: the player got support once (the admin's grant) and lost it.
    const audit = json(await asAdmin('GET', `/staff/audit?player=${player.userId}`)).entries;
    expect(audit.map((e: { actor_user_id: string }) => e.actor_user_id)).toEqual([
      admin.userId,
      admin.userId,
    ]);
  });
});
