/**
 * Four eyes means two people (docs/decisions/061): an adjustment's approver must be a second
 * person to its proposer: not them, nor an account sharing their identity document, their
 * browser (the staff device cookie) or their enrolment chain (one granted the other a role or
 * issued them an enrolment code); nobody changes their own roles. The AML side is in
 * aml-cases.test.ts (the same check).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_MODES, json, type Player, suiteApp } from './helpers.js';
import {
  type Enrolled,
  enrol,
  type StaffSession,
  setStoredRoles,
  staffRequest,
  staffSession,
  staffSignInFrom,
} from './staff-kit.js';

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
    const res = await staffRequest(t, 'POST', '/staff/adjustments', headers, {
      player_id: player.userId,
      amount_cents: 99_900,
      reason: 'Goodwill for a failed game round',
    });
    expect(res.statusCode, res.body).toBe(201);
    return json(res).id as string;
  };
  const approve = (headers: Record<string, string>, id: string) =>
    staffRequest(t, 'POST', `/staff/adjustments/${id}/approve`, headers, { reason: 'Checked the round' });
  const grant = (headers: Record<string, string>, userId: string, role: string) =>
    staffRequest(t, 'POST', `/staff/people/${userId}/roles`, headers, { role, reason: 'Joins finance' });
  const expectRefused = async (res: Awaited<ReturnType<typeof approve>>, why: RegExp) => {
    expect(res.statusCode, res.body).toBe(403);
    expect(json(res).code).toBe('FOUR_EYES_REQUIRED');
    expect(json(res).error).toMatch(why);
    expect((await t.balances(player)).main).toBe(100);
  };

  /** A finance person whose role was stored directly (no one in the API granted it). */
  async function financePerson(): Promise<{ player: Player; enrolled: Enrolled }> {
    const p = await t.signedInPlayer(undefined, undefined, { identity: false });
    await setStoredRoles(t, p.userId, 'user,payments_operator');
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
    expect((await grant(deputy.headers, admin.player.userId, 'finance')).statusCode).toBe(200);
  });

  it("the audit's attack: an administrator's second account cannot approve what the first proposed", async () => {
    // The administrator (finance from the deputy, above) registers a second account and makes it finance.
    const second = await t.signedInPlayer(undefined, undefined, { identity: false });
    expect((await grant(admin.headers, second.userId, 'finance')).statusCode).toBe(200);
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
    const own = await staffRequest(t, 'POST', '/staff/adjustments', aIn.headers, {
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
    const forA = await staffRequest(t, 'POST', '/staff/adjustments', bIn.headers, {
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
