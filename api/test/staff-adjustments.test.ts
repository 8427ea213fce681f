/**
 * Manual adjustments with four eyes (docs/decisions/055): one finance person
 * proposes (nothing moves), another approves (the ledger, the feed and the staff audit, in one
 * transaction) or rejects; nobody approves their own; two approvals at once book once; a debit
 * larger than the balance is refused; and who may call each endpoint.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFinanceOnly, type FinanceCast, financeCast } from './finance-kit.js';
import { DB_MODES, json, type Player, suiteApp } from './helpers.js';
import { staffRequest } from './staff-kit.js';

describe.each(DB_MODES)('staff adjustments with four eyes (%s)', (mode) => {
  const t = suiteApp(mode);
  let cast: FinanceCast;
  const as = (who: keyof FinanceCast['staff'], method: 'GET' | 'POST', url: string, body?: unknown) =>
    staffRequest(t, method, url, cast.staff[who].headers, body);
  const db = () => t.app.ctx.database.db;
  const propose = async (
    player: Player,
    amount_cents: number,
    reason = 'Goodwill for a failed game round',
  ) => {
    const res = await as('finance', 'POST', '/staff/adjustments', {
      player_id: player.userId,
      amount_cents,
      reason,
    });
    expect(res.statusCode, res.body).toBe(201);
    return json(res);
  };
  const entriesOf = (ref: string) =>
    db().selectFrom('ledger_entries').selectAll().where('ref_id', '=', ref).orderBy('pot').execute();
  const auditOf = (id: string) =>
    db()
      .selectFrom('staff_audit')
      .selectAll()
      .where('target', '=', `adjustment:${id}`)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    cast = await financeCast(t);
  });

  it('a proposal moves nothing; the proposer may not approve it; another finance person books it once', async () => {
    const player = await t.signedInPlayer();
    await t.depositFor(player, 100);
    const proposed = await propose(player, 12_345);
    expect(proposed).toMatchObject({
      status: 'pending',
      amount_cents: 12_345,
      player: { user_id: player.userId, phone: player.phone },
      proposed_by: { user_id: cast.staff.finance.player.userId },
      decided_by: null,
    });
    expect((await t.balances(player)).main).toBe(100);
    expect(await entriesOf(proposed.id)).toEqual([]);

    const own = await as('finance', 'POST', `/staff/adjustments/${proposed.id}/approve`, {
      reason: 'Checked',
    });
    expect(own.statusCode).toBe(403);
    expect(json(own).code).toBe('FOUR_EYES_REQUIRED');
    expect((await t.balances(player)).main).toBe(100);

    const approved = await as('finance2', 'POST', `/staff/adjustments/${proposed.id}/approve`, {
      reason: 'Round log checked',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(json(approved)).toMatchObject({
      status: 'approved',
      decided_by: { user_id: cast.staff.finance2.player.userId },
      decision_reason: 'Round log checked',
    });
    expect((await t.balances(player)).main).toBe(223.45);
    const entries = await entriesOf(proposed.id);
    expect(entries.map((e) => [e.pot, Number(e.amount), e.kind, Number(e.balance_after)])).toEqual([
      ['main', 12_345, 'manual_adjustment', 22_345],
      ['operator', -12_345, 'manual_adjustment', 0],
    ]);
    // The regulator feed got the booking in the same transaction (decision 042).
    const feed = await db()
      .selectFrom('regulator_feed_events')
      .selectAll()
      .where('type', '=', 'manual_adjustment')
      .execute();
    expect(feed.filter((e) => JSON.parse(e.payload).reference === proposed.id)).toHaveLength(1);
    // Both steps in the staff audit, each by its own person with its reason.
    const audit = await auditOf(proposed.id);
    expect(audit.map((a) => [a.action, a.actor_user_id, a.target_user_id, a.reason])).toEqual([
      [
        'payments.adjustment_proposed',
        cast.staff.finance.player.userId,
        player.userId,
        'Goodwill for a failed game round',
      ],
      ['payments.adjustment_approved', cast.staff.finance2.player.userId, player.userId, 'Round log checked'],
    ]);
    expect(JSON.parse(audit[1]!.after!)).toEqual({
      status: 'approved',
      amount_cents: 12_345,
      main_cents: 22_345,
    });

    const again = await as('finance3', 'POST', `/staff/adjustments/${proposed.id}/approve`, {
      reason: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe('ALREADY_DECIDED');
    const reject = await as('finance3', 'POST', `/staff/adjustments/${proposed.id}/reject`, {
      reason: 'Late',
    });
    expect(reject.statusCode).toBe(409);
    expect(await entriesOf(proposed.id)).toHaveLength(2);
    await t.checkLedger();
  });

  it('two approvals at once book it once', async () => {
    const player = await t.signedInPlayer();
    const proposed = await propose(player, 5_000);
    const [a, b] = await Promise.all([
      as('finance2', 'POST', `/staff/adjustments/${proposed.id}/approve`, { reason: 'Approve A' }),
      as('finance3', 'POST', `/staff/adjustments/${proposed.id}/approve`, { reason: 'Approve B' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(json(a.statusCode === 409 ? a : b).code).toBe('ALREADY_DECIDED');
    expect(await entriesOf(proposed.id)).toHaveLength(2);
    expect((await t.balances(player)).main).toBe(50);
    const actions = (await auditOf(proposed.id)).map((x) => x.action);
    expect(actions).toEqual(['payments.adjustment_proposed', 'payments.adjustment_approved']);
    await t.checkLedger();
  });

  it('a debit larger than the balance is refused and stays pending; a rejection moves nothing', async () => {
    const player = await t.signedInPlayer();
    await t.depositFor(player, 20);
    const proposed = await propose(player, -2_001, 'Duplicate credit taken back');
    const refused = await as('finance2', 'POST', `/staff/adjustments/${proposed.id}/approve`, {
      reason: 'Checked the round log',
    });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).code).toBe('INSUFFICIENT_FUNDS');
    expect((await t.balances(player)).main).toBe(20);
    expect(await entriesOf(proposed.id)).toEqual([]);
    expect((await auditOf(proposed.id)).map((a) => a.action)).toEqual(['payments.adjustment_proposed']);
    const pending = json(await as('finance', 'GET', '/staff/adjustments?status=pending&limit=200'));
    expect(pending.adjustments.map((a: { id: string }) => a.id)).toContain(proposed.id);

    const rejected = await as('finance2', 'POST', `/staff/adjustments/${proposed.id}/reject`, {
      reason: 'Player spent it already',
    });
    expect(rejected.statusCode).toBe(200);
    expect(json(rejected)).toMatchObject({ status: 'rejected', decision_reason: 'Player spent it already' });
    expect((await t.balances(player)).main).toBe(20);
    expect((await auditOf(proposed.id)).map((a) => a.action)).toEqual([
      'payments.adjustment_proposed',
      'payments.adjustment_rejected',
    ]);
    const list = json(await as('finance', 'GET', '/staff/adjustments?status=rejected'));
    expect(list.adjustments.map((a: { id: string }) => a.id)).toContain(proposed.id);
    expect(list.adjustments.every((a: { status: string }) => a.status === 'rejected')).toBe(true);

    // A debit the balance covers is booked: down to exactly zero.
    const exact = await propose(player, -2_000, 'Duplicate credit taken back');
    const ok = await as('finance3', 'POST', `/staff/adjustments/${exact.id}/approve`, { reason: 'Covered' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.balances(player)).main).toBe(0);
    await t.checkLedger();
  });

  it('bad input is a 4xx and changes nothing', async () => {
    const player = await t.signedInPlayer();
    const count = async () => (await db().selectFrom('staff_adjustments').select('id').execute()).length;
    const before = await count();
    for (const body of [
      { player_id: player.userId, amount_cents: 0, reason: 'Zero' },
      { player_id: player.userId, amount_cents: 10.5, reason: 'Half a cent' },
      { player_id: player.userId, amount_cents: 100_000_001, reason: 'Too much' },
      { player_id: player.userId, amount_cents: -100_000_001, reason: 'Too much' },
      { player_id: player.userId, amount_cents: '100', reason: 'A string' },
      { player_id: player.userId, amount_cents: 100 },
      { player_id: player.userId, amount_cents: 100, reason: 'no' },
      { player_id: 'not an id', amount_cents: 100, reason: 'Bad id' },
      { player_id: player.userId, amount_cents: 100, reason: 'Extra', status: 'approved' },
    ]) {
      const res = await as('finance', 'POST', '/staff/adjustments', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).error).toBeTruthy();
    }
    const unknown = await as('finance', 'POST', '/staff/adjustments', {
      player_id: '0190aaaa-0000-7000-8000-000000000000',
      amount_cents: 100,
      reason: 'Nobody',
    });
    expect(unknown.statusCode).toBe(404);
    const missing = '0190aaaa-0000-7000-8000-000000000001';
    expect(
      (await as('finance2', 'POST', `/staff/adjustments/${missing}/approve`, { reason: 'Hm?' })).statusCode,
    ).toBe(404);
    expect((await as('finance2', 'POST', `/staff/adjustments/${missing}/approve`, {})).statusCode).toBe(400);
    expect((await as('finance', 'GET', '/staff/adjustments?status=done')).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('finds a player by phone in any usual form or by Paybill account number', async () => {
    const player = await t.signedInPlayer();
    await t.depositFor(player, 7);
    const account = json(await t.get('/wallet/paybill', player.headers)).account_number as string;
    const local = `0${player.phone.slice(4)}`;
    for (const q of [player.phone, local, account]) {
      const res = await as('finance', 'GET', `/staff/finance/players?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(json(res).players).toMatchObject([
        {
          user_id: player.userId,
          phone: player.phone,
          account_number: account,
          main_cents: 700,
          withdrawal_cents: 0,
        },
      ]);
    }
    expect(json(await as('finance', 'GET', '/staff/finance/players?q=nothing-here')).players).toEqual([]);
    // A player who never opened their Paybill details has no account number, and the look-up (a
    // read) gives none: it shows null, however often finance looks.
    const fresh = await t.signedInPlayer();
    const accounts = () =>
      db()
        .selectFrom('paybill_accounts')
        .select('account_number')
        .where('user_id', '=', fresh.userId)
        .execute();
    for (let look = 0; look < 2; look++) {
      const [found] = json(
        await as('finance', 'GET', `/staff/finance/players?q=${encodeURIComponent(fresh.phone)}`),
      ).players;
      expect(found).toMatchObject({ user_id: fresh.userId, account_number: null });
    }
    expect(await accounts()).toEqual([]);
    expect((await as('finance', 'GET', '/staff/finance/players?q=1')).statusCode).toBe(400);
  });

  it('each endpoint answers finance only: no token, a player, a password-only token and every other role are refused', async () => {
    const player = await t.signedInPlayer();
    await t.depositFor(player, 10);
    const proposed = await propose(player, 100);
    const count = async () => (await db().selectFrom('staff_adjustments').select('id').execute()).length;
    const before = await count();
    await expectFinanceOnly(t, cast, [
      [
        'POST',
        '/staff/adjustments',
        { player_id: player.userId, amount_cents: 100, reason: 'Checking access' },
      ],
      ['GET', '/staff/adjustments', undefined],
      ['POST', `/staff/adjustments/${proposed.id}/approve`, { reason: 'Checking access' }],
      ['POST', `/staff/adjustments/${proposed.id}/reject`, { reason: 'Checking access' }],
      ['GET', `/staff/finance/players?q=${encodeURIComponent(player.phone)}`, undefined],
    ]);
    // Nothing refused changed anything.
    expect(await count()).toBe(before);
    expect((await auditOf(proposed.id)).map((a) => a.action)).toEqual(['payments.adjustment_proposed']);
    expect((await t.balances(player)).main).toBe(10);
    // And finance is let through each.
    expect((await as('finance', 'GET', '/staff/adjustments')).statusCode).toBe(200);
    expect(
      (await as('finance2', 'POST', `/staff/adjustments/${proposed.id}/reject`, { reason: 'Done' }))
        .statusCode,
    ).toBe(200);
  });
});
