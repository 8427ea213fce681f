/**
 * Betting taxes (docs/decisions/018-betting-taxes-in-the-ledger.md): excise duty on deposits and
 * withholding tax on withdrawals, each booked in the ledger under an operator tax account, the
 * money identity kept (t.checkLedger), the operators' report equal to the ledger.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_TEST_PHONES } from '../../../src/adapters/payments/simulator.js';
import { loadEnv } from '../../../src/env.js';
import { taxOf } from '../../../src/modules/wallet/taxes.js';
import { DB_MODES, freshPhone, json, type Player, suiteApp, TAXED } from '../../helpers.js';
import { asStaff } from '../../staff-kit.js';

describe('tax arithmetic and configuration', () => {
  it('rounds half up: to the cent on deposits, to the shilling on payouts', () => {
    expect(taxOf(100_000, 500)).toBe(5_000);
    expect(taxOf(33_333, 500)).toBe(1_667); // 16.6665 → 16.67
    expect(taxOf(33_330, 500)).toBe(1_667); // 16.665 → 16.67 (half up)
    expect(taxOf(33_310, 500)).toBe(1_666); // 16.655 → 16.66 (half up)
    expect(taxOf(33_290, 500)).toBe(1_665); // 16.645 → 16.65
    expect(taxOf(33_300, 500, 100)).toBe(1_700); // 16.65 → 17
    expect(taxOf(32_900, 500, 100)).toBe(1_600); // 16.45 → 16
    expect(taxOf(1_000_000, 0)).toBe(0);
  });

  it('reads rates as basis points or percentages and refuses bad ones at start', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mchezo-env-'));
    const env = loadEnv({ DATA_DIR: dir });
    expect(env).toMatchObject({
      TAX_EXCISE_RATE: 500,
      TAX_EXCISE_MODE: 'deduct',
      TAX_WITHHOLDING_RATE: 500,
      TAX_WITHHOLDING_BASE: 'withdrawal',
    });
    expect(loadEnv({ DATA_DIR: dir, TAX_EXCISE_RATE: '7.5%', TAX_WITHHOLDING_RATE: '2000' })).toMatchObject({
      TAX_EXCISE_RATE: 750,
      TAX_WITHHOLDING_RATE: 2000,
    });
    expect(loadEnv({ DATA_DIR: dir, TAX_EXCISE_RATE: '0%' }).TAX_EXCISE_RATE).toBe(0);
    for (const bad of ['5.5', '-1', '10001', '101%', '5.123%', 'five', '0x10'])
      expect(() => loadEnv({ DATA_DIR: dir, TAX_EXCISE_RATE: bad }), bad).toThrow(/TAX_EXCISE_RATE: must be/);
    expect(() => loadEnv({ DATA_DIR: dir, TAX_EXCISE_MODE: 'split' })).toThrow(/TAX_EXCISE_MODE/);
    expect(() => loadEnv({ DATA_DIR: dir, TAX_WITHHOLDING_BASE: 'net_winnings' })).toThrow(
      /TAX_WITHHOLDING_BASE: net_winnings is not supported yet/,
    );
  });
});

// Both databases: money: tax entries booked beside the payment, sums in integer cents.
describe.each(DB_MODES)('betting taxes (%s)', (mode) => {
  const operatorPhone = freshPhone();
  const t = suiteApp(mode, { ...TAXED, FINANCE_PHONES: operatorPhone });
  let op: Player;
  beforeAll(async () => {
    op = await asStaff(t, await t.signedInPlayer(operatorPhone));
  });
  const taxEntries = (ref: string) =>
    t.app.ctx.database.db
      .selectFrom('ledger_entries')
      .select(['pot', 'amount', 'kind'])
      .where('ref_id', '=', ref)
      .orderBy('pot')
      .orderBy('kind')
      .execute();

  it('a deposit of 1,000 books excise 50 and credits 950 (deduct)', async () => {
    const p = await t.signedInPlayer();
    const preview = json(await t.get('/wallet/tax-preview?type=deposit&amount=1000', p.headers));
    expect(preview).toEqual({
      type: 'deposit',
      amount: 1000,
      currency: 'KES',
      tax_kind: 'excise',
      tax_rate_bp: 500,
      tax_mode: 'deduct',
      tax_amount: 50,
      net_amount: 950,
    });
    const d = json(await t.walletRequest('deposit', p, 1000));
    expect(await t.transaction(p, d.transaction_id)).toMatchObject({
      status: 'pending',
      amount: 1000,
      tax_kind: 'excise',
      tax_amount: 50,
      net_amount: 950,
    });
    expect((await t.balances(p)).main).toBe(0);
    await t.settlePayments();
    expect(await t.balances(p)).toEqual({ main: 950, withdrawal: 0, bonus: 0 });
    expect(await taxEntries(d.transaction_id)).toEqual([
      { pot: 'main', amount: 100_000, kind: 'deposit' },
      { pot: 'main', amount: -5_000, kind: 'excise_duty' },
      { pot: 'tax_excise', amount: 5_000, kind: 'excise_duty' },
    ]);
    await t.checkLedger();
  });

  it('a withdrawal of 1,000 books withholding 50 at once and pays out 950; a reversed payout refunds it', async () => {
    const p = await t.signedInPlayer();
    await t.creditWinnings(p, 2000);
    expect(json(await t.get('/wallet/tax-preview?type=withdrawal&amount=333', p.headers))).toMatchObject({
      tax_kind: 'withholding',
      tax_amount: 17,
      net_amount: 316,
    });
    const asked: number[] = [];
    const payments = t.app.ctx.payments;
    const original = payments.requestPayout.bind(payments);
    payments.requestPayout = (req) => {
      asked.push(req.amountMinor);
      return original(req);
    };
    try {
      const w = json(await t.walletRequest('withdraw', p, 1000));
      expect((await t.balances(p)).withdrawal).toBe(1000);
      expect(await taxEntries(w.transaction_id)).toEqual([
        { pot: 'tax_withholding', amount: 5_000, kind: 'withholding_tax' },
        { pot: 'withdrawal', amount: -100_000, kind: 'withdrawal' },
      ]);
      await t.settlePayments();
      expect(await t.transaction(p, w.transaction_id)).toMatchObject({
        status: 'completed',
        amount: 1000,
        tax_kind: 'withholding',
        tax_amount: 50,
        net_amount: 950,
      });
      expect(asked).toEqual([95_000]);

      // Money moves only to and from a player's own phone: this one's payouts fail.
      const f = await t.playerWithPhone(SIMULATOR_TEST_PHONES.payoutFails);
      await t.creditWinnings(f, 1000);
      const r = json(await t.walletRequest('withdraw', f, 333));
      expect((await t.balances(f)).withdrawal).toBe(667);
      await t.settlePayments();
      expect(await t.transaction(f, r.transaction_id)).toMatchObject({ status: 'reversed', tax_amount: 17 });
      expect(asked).toEqual([95_000, 31_600]);
      expect((await t.balances(f)).withdrawal).toBe(1000);
      expect(await taxEntries(r.transaction_id)).toEqual([
        { pot: 'tax_withholding', amount: 1_700, kind: 'withholding_tax' },
        { pot: 'tax_withholding', amount: -1_700, kind: 'withholding_tax_refund' },
        { pot: 'withdrawal', amount: -33_300, kind: 'withdrawal' },
        { pot: 'withdrawal', amount: 33_300, kind: 'withdrawal_reversal' },
      ]);
    } finally {
      payments.requestPayout = original;
    }
    await t.checkLedger();
  });

  it('an operator failing a taxed payout in review refunds reserve and tax; completing a deposit books the excise', async () => {
    const p = await t.signedInPlayer();
    await t.creditWinnings(p, 500);
    const secret = t.env.PAYMENT_CALLBACK_SECRET;
    const w = json(await t.walletRequest('withdraw', p, 400));
    await t.settlePayments();
    await t.post(`/payments/callbacks/simulator/${secret}/payout`, {
      provider_ref: `SIM-${w.transaction_id}`,
      result_code: 2001,
      result_desc: 'late failure',
    });
    const failed = json(
      await t.post(
        `/finance/review/transactions/${w.transaction_id}/resolve`,
        { outcome: 'failed', note: 'not paid after all' },
        op.headers,
      ),
    );
    expect(failed).toMatchObject({ status: 'reversed', adjustment: 400 });
    const [audit] = json(await t.get('/finance/audit?limit=1', op.headers)).entries;
    expect(audit.after).toMatchObject({ status: 'reversed', accounts_minor: { tax_withholding: -2_000 } });
    expect((await t.balances(p)).withdrawal).toBe(500);

    // The simulator cancels this player's deposit prompts.
    const c = await t.playerWithPhone(SIMULATOR_TEST_PHONES.cancelled);
    const d = json(await t.walletRequest('deposit', c, 200));
    await t.settlePayments();
    await t.post(`/payments/callbacks/simulator/${secret}/deposit`, {
      provider_ref: `SIM-${d.transaction_id}`,
      result_code: 0,
      result_desc: 'paid after all',
    });
    const done = json(
      await t.post(
        `/finance/review/transactions/${d.transaction_id}/resolve`,
        { outcome: 'completed', note: 'receipt seen' },
        op.headers,
      ),
    );
    expect(done).toMatchObject({ status: 'completed', adjustment: 190 });
    expect((await t.balances(c)).main).toBe(190);
    await t.checkLedger();
  });

  it('a Paybill payment of 333.33 books excise 16.67 (half up to the cent); an assigned one is taxed too', async () => {
    const p = await t.signedInPlayer();
    const account = json(await t.get('/wallet/paybill', p.headers)).account_number;
    const res = await t.post(`/payments/c2b/simulator/${t.env.PAYMENT_CALLBACK_SECRET}/confirmation`, {
      TransactionType: 'Pay Bill',
      TransID: `TX${Date.now().toString(36).toUpperCase()}`.slice(0, 10),
      TransTime: '20261201102115',
      TransAmount: '333.33',
      BusinessShortCode: t.env.MPESA_PAYBILL_NUMBER ?? t.env.DARAJA_SHORTCODE,
      BillRefNumber: account,
      MSISDN: '254708374149',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.balances(p)).main).toBe(316.66);
    const [tx] = json(await t.get('/wallet/transactions', p.headers)).transactions;
    expect(tx).toMatchObject({
      amount: 333.33,
      tax_amount: 16.67,
      net_amount: 316.66,
      payment_method: 'paybill',
    });

    // A payment kept in suspense, then assigned by an operator, carries the duty too.
    const trans = `SU${Date.now().toString(36).toUpperCase()}`.slice(0, 10);
    await t.post(`/payments/c2b/simulator/${t.env.PAYMENT_CALLBACK_SECRET}/confirmation`, {
      TransactionType: 'Pay Bill',
      TransID: trans,
      TransTime: '20261201102115',
      TransAmount: '100.00',
      BusinessShortCode: t.env.MPESA_PAYBILL_NUMBER ?? t.env.DARAJA_SHORTCODE,
      BillRefNumber: '',
      MSISDN: '254708374149',
    });
    const queue = json(await t.get('/finance/review', op.headers)).paybill as Record<string, string>[];
    const kept = queue.find((x) => x.trans_id === trans);
    const assigned = await t.post(
      `/finance/review/paybill/${kept?.paybill_id}/assign`,
      { account_number: account, note: 'payer called' },
      op.headers,
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect((await t.balances(p)).main).toBe(411.66);
    await t.checkLedger();
  });

  it('the tax report per day and month equals the ledger, as JSON, CSV and only for operators', async () => {
    const day = new Date(t.clock.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const q = `from=${day}&to=${day}`;
    const p = await t.signedInPlayer();
    expect((await t.get(`/finance/tax-report?${q}`, p.headers)).statusCode).toBe(403);
    const report = json(await t.get(`/finance/tax-report?period=day&${q}`, op.headers));
    const db = t.app.ctx.database.db;
    const sum = async (pot: 'tax_excise' | 'tax_withholding') =>
      Number(
        (
          await db
            .selectFrom('ledger_entries')
            .select(db.fn.sum<number>('amount').as('s'))
            .where('pot', '=', pot)
            .executeTakeFirst()
        )?.s ?? 0,
      );
    // Every entry of this suite was booked today: deposits 1000 + 200 (review) + 333.33 + 100 (Paybill).
    // The JSON answers integer cents, never a KES float.
    expect(report.totals).toEqual({
      excise_base_cents: 163_333,
      excise_duty_cents: await sum('tax_excise'),
      withholding_base_cents: 100_000,
      withholding_tax_cents: await sum('tax_withholding'),
    });
    expect(report.totals.excise_duty_cents).toBe(8_167);
    expect(report.totals.withholding_tax_cents).toBe(5_000);
    for (const line of report.rate_periods) {
      expect(Number.isInteger(line.base_cents)).toBe(true);
      expect(Number.isInteger(line.tax_cents)).toBe(true);
    }
    expect(report.rows).toEqual([{ period: day, ...report.totals }]);
    const month = json(await t.get(`/finance/tax-report?period=month&${q}`, op.headers));
    expect(month.rows).toEqual([{ period: day.slice(0, 7), ...report.totals }]);
    const csv = await t.get(`/finance/tax-report?format=csv&${q}`, op.headers);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toBe(
      [
        'period,excise_base,excise_duty,withholding_base,withholding_tax',
        `${day},1633.33,81.67,1000.00,50.00`,
        'total,1633.33,81.67,1000.00,50.00',
        '',
      ].join('\n'),
    );
    expect((await t.get(`/finance/tax-report?from=${day}&to=2020-01-01`, op.headers)).statusCode).toBe(400);
    expect((await t.get('/finance/tax-report?from=2026-02-30&to=2026-03-01', op.headers)).statusCode).toBe(
      400,
    );
    await t.checkLedger();
  });
});

describe.each(DB_MODES)('excise absorbed by the operator (%s)', (mode) => {
  const t = suiteApp(mode, { ...TAXED, TAX_EXCISE_MODE: 'absorb' });

  it('a deposit of 1,000 credits 1,000; the operator account pays the 50', async () => {
    const p = await t.signedInPlayer();
    expect(json(await t.get('/wallet/tax-preview?type=deposit&amount=1000', p.headers))).toMatchObject({
      tax_mode: 'absorb',
      tax_amount: 50,
      net_amount: 1000,
    });
    const d = json(await t.walletRequest('deposit', p, 1000));
    await t.settlePayments();
    expect((await t.balances(p)).main).toBe(1000);
    expect(await t.transaction(p, d.transaction_id)).toMatchObject({
      tax_amount: 50,
      tax_mode: 'absorb',
      net_amount: 1000,
    });
    const entries = await t.app.ctx.database.db
      .selectFrom('ledger_entries')
      .select(['pot', 'amount', 'kind'])
      .where('ref_id', '=', d.transaction_id)
      .orderBy('pot')
      .execute();
    expect(entries).toEqual([
      { pot: 'main', amount: 100_000, kind: 'deposit' },
      { pot: 'operator', amount: -5_000, kind: 'excise_duty' },
      { pot: 'tax_excise', amount: 5_000, kind: 'excise_duty' },
    ]);
    // A mix, then the identity: pots + tax owed - operator's contribution = money in - money out.
    // (Failing payments come from players whose own phones are the simulator's failing numbers.)
    const failsPayout = await t.playerWithPhone(SIMULATOR_TEST_PHONES.payoutFails);
    const cancels = await t.playerWithPhone(SIMULATOR_TEST_PHONES.cancelled);
    const timesOut = await t.playerWithPhone(SIMULATOR_TEST_PHONES.timeout);
    await t.creditWinnings(p, 400);
    await t.creditWinnings(failsPayout, 100);
    await t.creditWinnings(timesOut, 100);
    expect((await t.walletRequest('withdraw', p, 300)).statusCode).toBe(200);
    expect((await t.walletRequest('withdraw', failsPayout, 100)).statusCode).toBe(200);
    expect((await t.walletRequest('deposit', cancels, 500)).statusCode).toBe(200);
    await t.settlePayments();
    const pending = json(await t.walletRequest('withdraw', timesOut, 100));
    await t.settlePayments();
    expect(await t.transaction(timesOut, pending.transaction_id)).toMatchObject({
      status: 'pending',
      net_amount: 95,
    });
    expect(await t.balances(p)).toEqual({ main: 1000, withdrawal: 100, bonus: 0 });
    expect(await t.balances(failsPayout)).toEqual({ main: 0, withdrawal: 100, bonus: 0 });
    expect(await t.balances(cancels)).toEqual({ main: 0, withdrawal: 0, bonus: 0 });
    expect(await t.balances(timesOut)).toEqual({ main: 0, withdrawal: 0, bonus: 0 });
    await t.checkLedger();

    // The check sees a tax entry that does not match its transaction.
    const db = t.app.ctx.database.db;
    await db
      .insertInto('ledger_entries')
      .values({
        id: 'tampered-entry',
        user_id: p.userId,
        pot: 'tax_excise',
        amount: 1,
        balance_after: 0,
        kind: 'review_adjustment',
        ref_id: d.transaction_id,
        created_at: t.clock.now(),
      })
      .execute();
    await expect(t.checkLedger()).rejects.toThrow(/money identity broken for deposit/);
    await db.deleteFrom('ledger_entries').where('id', '=', 'tampered-entry').execute();
    await t.checkLedger();
  });
});
