import { beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_TEST_PHONES } from '../../../src/adapters/payments/simulator.js';
import { DB_MODES, freshPhone, json, type Player, suiteApp } from '../../helpers.js';
import { asStaff, type StaffPlayer } from '../../staff-kit.js';

// Both databases: money: a review settles a held payment once, in one transaction.
describe.each(DB_MODES)('payment review queue for operators (%s)', (mode) => {
  const operatorPhone = freshPhone();
  const t = suiteApp(mode, { FINANCE_PHONES: operatorPhone });
  let op: StaffPlayer;
  let p: Player;
  beforeAll(async () => {
    op = await asStaff(t, await t.signedInPlayer(operatorPhone));
    p = await t.signedInPlayer();
    await t.creditWinnings(p, 1000);
  });

  const callback = (body: unknown) =>
    t.post(`/payments/callbacks/simulator/${t.env.PAYMENT_CALLBACK_SECRET}/deposit`, body);
  const payoutCallback = (body: unknown) =>
    t.post(`/payments/callbacks/simulator/${t.env.PAYMENT_CALLBACK_SECRET}/payout`, body);
  const queue = async () => json(await t.get('/finance/review', op.headers));
  const resolve = (id: string, body: unknown, who: Player = op) =>
    t.post(`/finance/review/transactions/${id}/resolve`, body, who.headers);
  const status = async (id: string) =>
    (
      await t.app.ctx.database.db
        .selectFrom('wallet_transactions')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('is for payments operators only (FINANCE_PHONES grants the role)', async () => {
    expect((await t.get('/finance/review')).statusCode).toBe(401);
    const denied = await t.get('/finance/review', p.headers);
    expect(denied.statusCode).toBe(403);
    expect(json(denied).code).toBe('SECOND_FACTOR_REQUIRED');
    expect((await t.get('/finance/review', op.headers)).statusCode).toBe(200);
    const me = json(await t.get('/auth/me', op.playerHeaders));
    expect(me.user.roles).toContain('finance');
  });

  it('fails a credited deposit whose late result contradicts it: the credit is taken back, audited', async () => {
    const d = json(await t.walletRequest('deposit', p, 300));
    await t.settlePayments();
    const main = (await t.balances(p)).main;
    await callback({ provider_ref: `SIM-${d.transaction_id}`, result_code: 1032, result_desc: 'cancelled' });
    expect(await status(d.transaction_id)).toBe('review');
    const item = (await queue()).transactions.find(
      (x: { transaction_id: string }) => x.transaction_id === d.transaction_id,
    );
    expect(item).toMatchObject({
      reason: 'CONTRADICTS_SETTLED',
      status_before: 'completed',
      amount: 300,
      type: 'deposit',
    });
    expect(item.reported).toMatchObject({ outcome: 'failed', reason: 'cancelled' });
    expect(item.raw_callback).toMatchObject({ result_code: 1032 });

    expect((await resolve(d.transaction_id, { outcome: 'failed' })).statusCode).toBe(400);
    expect((await resolve(d.transaction_id, { outcome: 'failed', note: 'x' })).statusCode).toBe(400);
    expect(
      (await resolve(d.transaction_id, { outcome: 'lost', note: 'checked the portal' })).statusCode,
    ).toBe(400);
    expect((await resolve(d.transaction_id, { outcome: 'failed', note: 'checked' }, p)).statusCode).toBe(403);
    const res = await resolve(d.transaction_id, {
      outcome: 'failed',
      note: 'M-Pesa portal: reversed by Safaricom',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ transaction_id: d.transaction_id, status: 'failed', adjustment: -300 });
    expect((await t.balances(p)).main).toBe(main - 300);
    expect((await t.transaction(p, d.transaction_id)).status).toBe('failed');
    const again = await resolve(d.transaction_id, { outcome: 'completed', note: 'second thoughts' });
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe('NOT_IN_REVIEW');

    const audit = json(await t.get('/finance/audit', op.headers)).entries[0];
    expect(audit).toMatchObject({
      actor: operatorPhone,
      action: 'finance.transaction_failed',
      subject_type: 'transaction',
      subject_id: d.transaction_id,
      note: 'M-Pesa portal: reversed by Safaricom',
      before: { status: 'review', reason: 'CONTRADICTS_SETTLED', booked_minor: 30_000 },
      after: { status: 'failed', adjustment_minor: -30_000 },
    });
    await t.checkLedger();
  });

  it('completes a failed deposit whose late success is confirmed: credited once', async () => {
    // Money moves only to and from a player's own phone: this player's is the cancelling number.
    const c = await t.playerWithPhone(SIMULATOR_TEST_PHONES.cancelled);
    const d = json(await t.walletRequest('deposit', c, 120));
    await t.settlePayments();
    const main = (await t.balances(c)).main;
    await callback({
      provider_ref: `SIM-${d.transaction_id}`,
      result_code: 0,
      result_desc: 'paid after all',
    });
    expect((await t.transaction(c, d.transaction_id)).status).toBe('pending');
    const res = json(await resolve(d.transaction_id, { outcome: 'completed', note: 'receipt SAB123 seen' }));
    expect(res).toMatchObject({ status: 'completed', adjustment: 120 });
    expect((await t.balances(c)).main).toBe(main + 120);
    await t.checkLedger();
  });

  it('a payout: completing keeps the reserve; failing gives it back; a correction the pot cannot cover is 422', async () => {
    const w = json(await t.walletRequest('withdraw', p, 200));
    await t.settlePayments();
    await payoutCallback({
      provider_ref: `SIM-${w.transaction_id}`,
      result_code: 2001,
      result_desc: 'late failure',
    });
    expect(await status(w.transaction_id)).toBe('review');
    expect(
      json(await resolve(w.transaction_id, { outcome: 'completed', note: 'paid, B2C receipt seen' })),
    ).toMatchObject({
      status: 'completed',
      adjustment: 0,
    });

    // A refunded payout the provider later says it paid: taking the refund back needs the money.
    // (A player whose own phone is the simulator's failing payout number.)
    const f = await t.playerWithPhone(SIMULATOR_TEST_PHONES.payoutFails);
    await t.creditWinnings(f, 1000);
    const r = json(await t.walletRequest('withdraw', f, 100));
    await t.settlePayments();
    expect(await status(r.transaction_id)).toBe('reversed');
    await payoutCallback({
      provider_ref: `SIM-${r.transaction_id}`,
      result_code: 0,
      result_desc: 'paid after all',
    });
    expect(await status(r.transaction_id)).toBe('review');
    // Drained by a payout still waiting for its result.
    const all = (await t.balances(f)).withdrawal;
    const drain = json(await t.walletRequest('withdraw', f, all));
    expect(drain.status).toBe('pending');
    const refused = await resolve(r.transaction_id, { outcome: 'completed', note: 'paid twice' });
    expect(refused.statusCode).toBe(422);
    expect(json(refused).code).toBe('INSUFFICIENT_FUNDS');
    expect(await status(r.transaction_id)).toBe('review');
    const failed = json(await resolve(r.transaction_id, { outcome: 'failed', note: 'not paid after all' }));
    expect(failed).toMatchObject({ status: 'reversed', adjustment: 0 });
    await t.checkLedger();
  });

  it('lists and closes kept callbacks with a note; unknown ids are 404, a second close 409', async () => {
    expect(
      (await callback({ provider_ref: 'SIM-nobody', result_code: 0, result_desc: 'stray' })).statusCode,
    ).toBe(200);
    const kept = (await queue()).callbacks.find(
      (c: { provider_ref: string }) => c.provider_ref === 'SIM-nobody',
    );
    expect(kept).toMatchObject({ reason: 'NO_TRANSACTION', kind: 'deposit', body: { result_desc: 'stray' } });
    const close = (id: string, body: unknown) =>
      t.post(`/finance/review/callbacks/${id}/resolve`, body, op.headers);
    expect((await close(kept.callback_id, {})).statusCode).toBe(400);
    expect((await close('0190aaaa-0000-7000-8000-000000000001', { note: 'n/a here' })).statusCode).toBe(404);
    expect((await close(kept.callback_id, { note: 'test traffic' })).statusCode).toBe(200);
    expect((await close(kept.callback_id, { note: 'test traffic' })).statusCode).toBe(409);
    expect(
      (await queue()).callbacks.some((c: { callback_id: string }) => c.callback_id === kept.callback_id),
    ).toBe(false);
    expect(json(await t.get('/finance/audit?limit=1', op.headers)).entries[0]).toMatchObject({
      action: 'finance.callback_closed',
      subject_id: kept.callback_id,
    });
    expect((await t.get('/finance/audit?limit=0', op.headers)).statusCode).toBe(400);
    expect((await resolve('not an id!', { outcome: 'failed', note: 'abc' })).statusCode).toBe(400);
    expect(
      (await resolve('0190aaaa-0000-7000-8000-000000000000', { outcome: 'failed', note: 'abc' })).statusCode,
    ).toBe(404);
  });
});

describe.each(DB_MODES)('payouts past the guaranteed time (%s)', (mode) => {
  const operatorPhone = freshPhone();
  // Access tokens outlive the clock moves below.
  const t = suiteApp(mode, {
    FINANCE_PHONES: operatorPhone,
    PAYOUT_GUARANTEE_MINUTES: '20',
    ACCESS_TOKEN_TTL_SECONDS: '86400',
  });
  const MINUTE = 60_000;

  it('lists a withdrawal still pending past PAYOUT_GUARANTEE_MINUTES, with its age, until it is paid', async () => {
    const op = await asStaff(t, await t.signedInPlayer(operatorPhone));
    const p = await t.signedInPlayer();
    await t.creditWinnings(p, 1000);
    const late = json(await t.walletRequest('withdraw', p, 300));
    t.clock.advance(5 * MINUTE);
    const young = json(await t.walletRequest('withdraw', p, 200));
    const listed = async () =>
      (json(await t.get('/finance/review', op.headers)).late_payouts as Record<string, unknown>[]).filter(
        (x) => x.user_id === p.userId,
      );

    t.clock.advance(15 * MINUTE - 1); // the first is 1 ms short of 20 minutes old
    expect(await listed()).toEqual([]);
    t.clock.advance(1);
    expect(await listed()).toEqual([
      {
        transaction_id: late.transaction_id,
        user_id: p.userId,
        amount: 300,
        currency: 'KES',
        phone_number: p.phone,
        provider: 'simulator',
        provider_ref: expect.anything(),
        created_at: new Date(t.clock.now() - 20 * MINUTE).toISOString(),
        age_minutes: 20,
        guarantee_minutes: 20,
      },
    ]);
    t.clock.advance(47 * MINUTE);
    expect((await listed()).map((x) => [x.transaction_id, x.age_minutes])).toEqual([
      [late.transaction_id, 67],
      [young.transaction_id, 62],
    ]);

    // Paid (or failed): off the list.
    await t.settlePayments();
    expect(await listed()).toEqual([]);
    expect((await t.get('/finance/review', p.headers)).statusCode).toBe(403);
  });
});
