/**
 * The finance report (docs/decisions/055): per East Africa Time day and month
 * from the ledger, in integer cents, with day and month boundaries at EAT midnight; the CSV;
 * the range's bounds; real bookings (a deposit, a win, an approved adjustment) counted; and who may
 * read it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/crypto.js';
import { eatDay } from '../src/lib/time.js';
import { expectFinanceOnly, type FinanceCast, financeCast } from './finance-kit.js';
import { DB_MODES, json, suiteApp } from './helpers.js';
import { staffRequest } from './staff-kit.js';

/** 2025-01-31 13:00 EAT; the last millisecond of 31 January EAT; 1 February 00:00 EAT. */
const JAN31 = Date.parse('2025-01-31T10:00:00Z');
const JAN31_LAST = Date.parse('2025-01-31T20:59:59.999Z');
const FEB1_FIRST = Date.parse('2025-01-31T21:00:00Z');

const JAN31_FIGURES = {
  deposits: 100_000,
  withdrawals: 3_000,
  stakes: 18_000,
  wins: 8_000,
  ggr: 10_000,
  excise: 5_000,
  withholding: 150,
  adjustments: 0,
  ngr: 10_000,
};
const FEB1_FIGURES = {
  deposits: 0,
  withdrawals: -3_000,
  stakes: 10_000,
  wins: 0,
  ggr: 10_000,
  excise: 200,
  withholding: -150,
  adjustments: 500,
  ngr: 9_300,
};
const ZERO = Object.fromEntries(Object.keys(JAN31_FIGURES).map((k) => [k, 0]));

describe.each(DB_MODES)('finance report (%s)', (mode) => {
  const t = suiteApp(mode);
  let cast: FinanceCast;
  const report = (query: string) =>
    staffRequest(t, 'GET', `/staff/finance/report${query}`, cast.staff.finance.headers);

  beforeAll(async () => {
    cast = await financeCast(t);
    // Known bookings on either side of EAT midnight between 31 January and 1 February 2025.
    const user_id = cast.player.userId;
    const rows: [number, string, string, number][] = [
      [JAN31, 'main', 'deposit', 100_000],
      [JAN31, 'main', 'excise_duty', -5_000],
      [JAN31, 'tax_excise', 'excise_duty', 5_000],
      [JAN31, 'main', 'bet', -20_000],
      [JAN31, 'withdrawal', 'win', 8_000],
      [JAN31, 'main', 'rollback', 2_000],
      [JAN31_LAST, 'withdrawal', 'withdrawal', -3_000],
      [JAN31_LAST, 'tax_withholding', 'withholding_tax', 150],
      [FEB1_FIRST, 'main', 'bet', -10_000],
      [FEB1_FIRST, 'main', 'manual_adjustment', 500],
      [FEB1_FIRST, 'operator', 'manual_adjustment', -500],
      [FEB1_FIRST, 'withdrawal', 'withdrawal_reversal', 3_000],
      [FEB1_FIRST, 'tax_withholding', 'withholding_tax_refund', -150],
      [FEB1_FIRST, 'operator', 'excise_duty', -200],
      [FEB1_FIRST, 'tax_excise', 'excise_duty', 200],
    ];
    await t.app.ctx.database.db
      .insertInto('ledger_entries')
      .values(
        rows.map(([created_at, pot, kind, amount]) => ({
          id: newId(),
          user_id,
          pot: pot as 'main',
          amount,
          balance_after: 0,
          kind: kind as 'deposit',
          ref_id: newId(),
          created_at,
        })),
      )
      .execute();
  });

  it('sums each EAT day from the ledger; the last millisecond of a day stays in it', async () => {
    const res = await report('?period=day&from=2025-01-30&to=2025-02-01');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(json(res)).toEqual({
      period: 'day',
      from: '2025-01-30',
      to: '2025-02-01',
      timezone: 'Africa/Nairobi',
      currency: 'KES',
      rows: [
        { period: '2025-01-30', ...ZERO },
        { period: '2025-01-31', ...JAN31_FIGURES },
        { period: '2025-02-01', ...FEB1_FIGURES },
      ],
      totals: Object.fromEntries(
        Object.entries(JAN31_FIGURES).map(([k, v]) => [k, v + FEB1_FIGURES[k as keyof typeof FEB1_FIGURES]]),
      ),
    });
  });

  it('sums each EAT month: 1 February 00:00 EAT is February', async () => {
    const res = await report('?period=month&from=2024-12-01&to=2025-02-28');
    expect(res.statusCode).toBe(200);
    expect(json(res).rows).toEqual([
      { period: '2024-12', ...ZERO },
      { period: '2025-01', ...JAN31_FIGURES },
      { period: '2025-02', ...FEB1_FIGURES },
    ]);
  });

  it('downloads the same figures as CSV in KES', async () => {
    const res = await staffRequest(
      t,
      'GET',
      '/staff/finance/report.csv?period=day&from=2025-01-31&to=2025-02-01',
      cast.staff.finance.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="finance-day-2025-01-31-2025-02-01.csv"',
    );
    expect(res.body.split('\n')).toEqual([
      'period,deposits_kes,withdrawals_kes,stakes_kes,wins_kes,ggr_kes,excise_kes,withholding_kes,adjustments_kes,ngr_kes',
      '2025-01-31,1000.00,30.00,180.00,80.00,100.00,50.00,1.50,0.00,100.00',
      '2025-02-01,0.00,-30.00,100.00,0.00,100.00,2.00,-1.50,5.00,93.00',
      'total,1000.00,0.00,280.00,80.00,200.00,52.00,0.00,5.00,193.00',
      '',
    ]);
  });

  it('counts real bookings today: a deposit, a win and an approved adjustment', async () => {
    const today = eatDay(t.clock.now());
    const figures = async () => json(await report(`?period=day&from=${today}&to=${today}`)).totals;
    const before = await figures();
    const player = await t.signedInPlayer();
    await t.depositFor(player, 250);
    await t.creditWinnings(player, 40);
    const proposed = json(
      await staffRequest(t, 'POST', '/staff/adjustments', cast.staff.finance.headers, {
        player_id: player.userId,
        amount_cents: 1_234,
        reason: 'Goodwill',
      }),
    );
    const approved = await staffRequest(
      t,
      'POST',
      `/staff/adjustments/${proposed.id}/approve`,
      cast.staff.finance2.headers,
      { reason: 'Checked' },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const after = await figures();
    expect(after.deposits - before.deposits).toBe(25_000);
    expect(after.wins - before.wins).toBe(4_000);
    expect(after.ggr - before.ggr).toBe(-4_000);
    expect(after.adjustments - before.adjustments).toBe(1_234);
    // The operator paid the adjustment: NGR is GGR less it.
    expect(after.ngr - before.ngr).toBe(-4_000 - 1_234);
  });

  it('refuses a bad or too long range with 400', async () => {
    for (const query of [
      '?period=day&from=2025-01-01&to=2026-01-02',
      '?period=month&from=2023-01-01&to=2026-01-01',
      '?period=day&from=2025-02-02&to=2025-02-01',
      '?period=day&from=2025-02-30&to=2025-03-01',
      '?period=week&from=2025-01-01&to=2025-01-02',
      '?period=day&from=2025-01-01',
      '?period=day&from=2025-01-01&to=2025-01-02&extra=1',
    ]) {
      const res = await report(query);
      expect(res.statusCode, query).toBe(400);
      expect(json(res).error).toBeTruthy();
    }
    // The bounds themselves are accepted: 366 days by day, 36 months by month.
    expect((await report('?period=day&from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
    expect((await report('?period=month&from=2023-01-01&to=2025-12-31')).statusCode).toBe(200);
  });

  it('is for finance only', async () => {
    await expectFinanceOnly(t, cast, [
      ['GET', '/staff/finance/report?period=day&from=2025-01-31&to=2025-01-31', undefined],
      ['GET', '/staff/finance/report.csv?period=day&from=2025-01-31&to=2025-01-31', undefined],
    ]);
  });
});
