/**
 * Four eyes means two people (docs/decisions/061): an adjustment's approver must be a second
 * person to its proposer: not them, nor an account sharing their identity document, their
 * browser (the staff device cookie) or their enrolment chain (one granted the other a role or
 * issued them an enrolment code); nobody changes their own roles. The AML side is in
 * aml-cases.test.ts (the same check).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_MODES, json, type Player, suiteApp } from '../../helpers.js';
import {
  type Enrolled,
  enrol,
  plantEnrolmentCode,
  type StaffSession,
  setStoredRoles,
  staffRequest,
  staffSession,
  staffSignInFrom,
} from '../../staff-kit.js';

// Both databases: money: an adjustment books only after a second person, in one transaction.
describe.each(DB_MODES)('four eyes means two people (%s)', (mode) => {
  const t = suiteApp(mode);
  let admin: StaffSession;
  let deputy: StaffSession;
  let player: Player;

  beforeAll(async () => {
    admin = await staffSession(t, undefined, ['admin']);
    deputy = await staffSession(t, undefined, ['admin']);
    player = await t.signedInPlayer();
    await t.depositFor(player, 100);
  });

  const propose = async (headers: Record<string, string>) => {
    const res = await staffRequest(t, 'POST', '/finance/adjustments', headers, {
      player_id: player.userId,
      amount_cents: 99_900,
      reason: 'Goodwill for a failed game round',
    });
    expect(res.statusCode, res.body).toBe(201);
    return json(res).id as string;
  };
  const approve = (headers: Record<string, string>, id: string) =>
    staffRequest(t, 'POST', `/finance/adjustments/${id}/approve`, headers, { reason: 'Checked the round' });
  const grant = (headers: Record<string, string>, userId: string, role: string) =>
    staffRequest(t, 'POST', `/staff/people/${userId}/roles`, headers, { role, reason: 'Joins finance' });
  /** A finance grant proposed with `headers` and confirmed by a fresh administrator: the confirmation's status. */
  const grantConfirmed = async (headers: Record<string, string>, userId: string, role: string) => {
    const proposed = await grant(headers, userId, role);
    expect(proposed.statusCode, proposed.body).toBe(202);
    const confirmer = await staffSession(t, undefined, ['admin']);
    const id = json(proposed).pending_grants[0].id;
    return (
      await staffRequest(t, 'POST', `/staff/role-grants/${id}/confirm`, confirmer.headers, {
        reason: 'Checked',
      })
    ).statusCode;
  };
  const expectRefused = async (res: Awaited<ReturnType<typeof approve>>, why: RegExp) => {
    expect(res.statusCode, res.body).toBe(403);
    expect(json(res).code).toBe('FOUR_EYES_REQUIRED');
    expect(json(res).error).toMatch(why);
    expect((await t.balances(player)).main).toBe(100);
  };

  /** A finance person whose role was stored directly (no one in the API granted it). */
  async function financePerson(): Promise<{ player: Player; enrolled: Enrolled }> {
    const p = await t.signedInPlayer(undefined, undefined, { identity: false });
    await setStoredRoles(t, p.userId, 'user,finance');
    return { player: p, enrolled: await enrol(t, p) };
  }

  it('nobody grants themselves a role, a money role least of all; another administrator may', async () => {
    for (const role of ['finance', 'support', 'admin']) {
      const own = await grant(admin.headers, admin.player.userId, role);
      expect(own.statusCode, role).toBe(403);
      expect(json(own).code).toBe('OWN_ROLES');
    }
    const removeOwn = await staffRequest(
      t,
      'DELETE',
      `/staff/people/${admin.player.userId}/roles/admin`,
      admin.headers,
      { reason: 'Stepping down' },
    );
    expect(removeOwn.statusCode).toBe(403);
    expect(json(removeOwn).code).toBe('OWN_ROLES');
    // Finance takes two administrators (docs/decisions/065): the deputy proposes, a third confirms.
    expect(await grantConfirmed(deputy.headers, admin.player.userId, 'finance')).toBe(200);
  });

  it("the audit's attack: an administrator's second account cannot approve what the first proposed", async () => {
    // The administrator (finance from the deputy, above) registers a second account and makes it finance.
    const second = await t.signedInPlayer(undefined, undefined, { identity: false });
    expect(await grantConfirmed(admin.headers, second.userId, 'finance')).toBe(200);
    const secondIn = await staffSignInFrom(t, second, await enrol(t, second));
    const adminIn = await staffSignInFrom(t, admin.player, admin.enrolled);
    const id = await propose(adminIn.headers);
    await expectRefused(await approve(secondIn.headers, id), /granted a role/);
    // ... nor the other way round.
    const back = await propose(secondIn.headers);
    await expectRefused(await approve(adminIn.headers, back), /granted a role/);
  });

  it('two accounts signed in from one browser are one person', async () => {
    const a = await financePerson();
    const b = await financePerson();
    const aIn = await staffSignInFrom(t, a.player, a.enrolled);
    // b signs in on a's browser (its staff device cookie), then on a browser of their own.
    const bOnA = await staffSignInFrom(t, b.player, b.enrolled, aIn.device);
    const bOwn = await staffSignInFrom(t, b.player, b.enrolled);
    const id = await propose(aIn.headers);
    await expectRefused(await approve(bOwn.headers, id), /same browser/);
    await expectRefused(await approve(bOnA.headers, id), /same browser/);
  });

  it('two accounts with one identity document are one person', async () => {
    const a = await financePerson();
    const b = await financePerson();
    const db = t.app.ctx.database.db;
    const doc = await db
      .selectFrom('identities')
      .selectAll()
      .where('user_id', '=', player.userId)
      .executeTakeFirstOrThrow();
    // Both gave the same document (b's was refused by the register, but it is the same person's).
    for (const [userId, status] of [
      [a.player.userId, 'confirmed'],
      [b.player.userId, 'rejected'],
    ] as const)
      await db
        .insertInto('identities')
        .values({ ...doc, user_id: userId, document_number: 'A1234567', status })
        .execute();
    const id = await propose((await staffSignInFrom(t, a.player, a.enrolled)).headers);
    await expectRefused(
      await approve((await staffSignInFrom(t, b.player, b.enrolled)).headers, id),
      /identity document/,
    );
  });

  it('nobody proposes or approves an adjustment to their own account', async () => {
    const a = await financePerson();
    const b = await financePerson();
    const aIn = await staffSignInFrom(t, a.player, a.enrolled);
    const bIn = await staffSignInFrom(t, b.player, b.enrolled);
    const own = await staffRequest(t, 'POST', '/finance/adjustments', aIn.headers, {
      player_id: a.player.userId,
      amount_cents: 99_900,
      reason: 'A little something for me',
    });
    expect(own.statusCode).toBe(403);
    expect(json(own)).toMatchObject({
      code: 'FOUR_EYES_REQUIRED',
      error: expect.stringMatching(/people it involves/),
    });
    // b proposes a credit to a's account: a cannot approve it.
    const forA = await staffRequest(t, 'POST', '/finance/adjustments', bIn.headers, {
      player_id: a.player.userId,
      amount_cents: 99_900,
      reason: 'Goodwill for a failed game round',
    });
    expect(forA.statusCode, forA.body).toBe(201);
    const approved = await approve(aIn.headers, json(forA).id);
    expect(approved.statusCode).toBe(403);
    expect(json(approved).code).toBe('FOUR_EYES_REQUIRED');
    expect((await t.balances(a.player)).main).toBe(0);
  });

  it('two people, each on their own browser, approve each other', async () => {
    const a = await financePerson();
    const b = await financePerson();
    const id = await propose((await staffSignInFrom(t, a.player, a.enrolled)).headers);
    const res = await approve((await staffSignInFrom(t, b.player, b.enrolled)).headers, id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.balances(player)).main).toBe(1_099);
  });
});

describe.each(DB_MODES)('a money or admin role takes a second administrator (%s)', (mode) => {
  const t = suiteApp(mode);
  let admin: StaffSession;
  let second: StaffSession;
  let player: Player;

  beforeAll(async () => {
    admin = await staffSession(t, undefined, ['admin']);
    second = await staffSession(t, undefined, ['admin']);
    player = await t.signedInPlayer();
    await t.depositFor(player, 100);
  });

  const grant = (headers: Record<string, string>, userId: string, role: string) =>
    staffRequest(t, 'POST', `/staff/people/${userId}/roles`, headers, { role, reason: 'Joins finance' });
  const decide = (headers: Record<string, string>, id: string, decision: 'confirm' | 'cancel') =>
    staffRequest(t, 'POST', `/staff/role-grants/${id}/${decision}`, headers, { reason: 'Checked the hire' });
  const storedRoles = async (userId: string) =>
    (
      await t.app.ctx.database.db
        .selectFrom('users')
        .select('roles')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).roles;

  it('one administrator granting finance to two accounts of theirs gets no approval through', async () => {
    // The residual attack: two fresh accounts (no document, their own browsers), finance from A.
    const p1 = await t.signedInPlayer(undefined, undefined, { identity: false });
    const p2 = await t.signedInPlayer(undefined, undefined, { identity: false });
    for (const p of [p1, p2]) {
      const res = await grant(admin.headers, p.userId, 'finance');
      expect(res.statusCode, res.body).toBe(202);
      expect(json(res).roles).toEqual([]);
      expect(json(res).pending_grants).toMatchObject([{ role: 'finance', proposed_by: admin.player.userId }]);
      expect(await storedRoles(p.userId)).toBe('user');
    }
    // A pending grant gives no rights: neither can even enrol an authenticator, let alone
    // propose or approve an adjustment.
    for (const p of [p1, p2]) {
      const enrolment_code = await plantEnrolmentCode(t, p.userId);
      const enrolment = await t.post('/staff/totp/enrol', { enrolment_code }, p.headers);
      expect(enrolment.statusCode).toBe(403);
      expect(json(enrolment).code).toBe('STAFF_ROLE_REQUIRED');
    }
    // The granter confirms nothing (neither does the grantee).
    const pending = json(await staffRequest(t, 'GET', '/staff/role-grants', admin.headers)).grants;
    const p1Grant = pending.find((g: { user_id: string }) => g.user_id === p1.userId);
    const own = await decide(admin.headers, p1Grant.id, 'confirm');
    expect(own.statusCode).toBe(403);
    expect(json(own).code).toBe('FOUR_EYES_REQUIRED');
    expect(await storedRoles(p1.userId)).toBe('user');
  });

  it('a second administrator confirms; either cancels; every step is audited', async () => {
    const hire = await t.signedInPlayer(undefined, undefined, { identity: false });
    const id = json(await grant(admin.headers, hire.userId, 'finance')).pending_grants[0].id;
    expect(json(await grant(admin.headers, hire.userId, 'finance')).code).toBe('GRANT_PENDING');
    const confirmed = await decide(second.headers, id, 'confirm');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(json(confirmed)).toMatchObject({ roles: ['finance'], pending_grants: [] });
    expect(await storedRoles(hire.userId)).toBe('user,finance');
    expect(json(await decide(second.headers, id, 'confirm')).code).toBe('GRANT_NOT_PENDING');

    const deputy = await t.signedInPlayer(undefined, undefined, { identity: false });
    const adminGrant = json(await grant(admin.headers, deputy.userId, 'admin')).pending_grants[0].id;
    const cancelled = await decide(admin.headers, adminGrant, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(json(cancelled)).toMatchObject({ roles: [], pending_grants: [] });
    expect(json(await decide(second.headers, adminGrant, 'confirm')).code).toBe('GRANT_NOT_PENDING');

    // Support stays one administrator's call.
    expect((await grant(admin.headers, deputy.userId, 'support')).statusCode).toBe(200);

    const audit = json(await staffRequest(t, 'GET', `/staff/audit?player=${hire.userId}`, admin.headers));
    const actions = audit.entries.map((e: { action: string }) => e.action);
    expect(actions).toContain('staff.role_grant_proposed');
    expect(actions).toContain('staff.role_grant_confirmed');
    const deputyAudit = json(
      await staffRequest(t, 'GET', `/staff/audit?player=${deputy.userId}`, admin.headers),
    );
    expect(deputyAudit.entries.map((e: { action: string }) => e.action)).toContain(
      'staff.role_grant_cancelled',
    );
  });

  it('a pending grant lapses after seven days', async () => {
    const hire = await t.signedInPlayer(undefined, undefined, { identity: false });
    const id = json(await grant(admin.headers, hire.userId, 'finance')).pending_grants[0].id;
    t.clock.advance(7 * 24 * 3600 * 1000);
    // Staff sessions are shorter than a week: both administrators sign in again.
    const secondIn = await staffSignInFrom(t, second.player, second.enrolled);
    const adminIn = await staffSignInFrom(t, admin.player, admin.enrolled);
    expect(json(await decide(secondIn.headers, id, 'confirm')).code).toBe('GRANT_NOT_PENDING');
    expect(await storedRoles(hire.userId)).toBe('user');
    // A new proposal may follow the lapsed one.
    expect((await grant(adminIn.headers, hire.userId, 'finance')).statusCode).toBe(202);
  });
});
