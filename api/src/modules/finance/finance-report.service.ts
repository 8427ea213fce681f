/**
 * The finance report (`GET /finance/report`, docs/decisions/055): per East
 * Africa Time day or month, in integer cents, read from the ledger itself so it always equals it.
 * Each entry counts in the period it was booked:
 * - deposits: `deposit` entries, and review corrections of deposits on `main`;
 * - withdrawals (positive): what `withdrawal` entries reserved, less `withdrawal_reversal`s, with
 *   review corrections of withdrawals on `withdrawal`;
 * - stakes (positive): `bet` entries less `rollback`s; wins: `win` entries; ggr = stakes - wins;
 * - excise and withholding: what the tax accounts received (refunds and corrections negative);
 * - adjustments: manual adjustments booked on players' balances (decision 055);
 * - ngr = ggr + the operator account's own entries (the excise it absorbed, the adjustments it
 *   paid or received, review corrections): what the games earned after the operator's costs the
 *   ledger knows of.
 * Two grouped queries (one per day, kind and account over ledger_pot_time_idx; one for review
 * corrections joined to their transaction), so the cost follows the days, not the entries.
 */

import { centsToDecimal } from '@mchezo/contracts/money';
import {
  FINANCE_FIGURES,
  type FinanceFigures,
  type FinanceReportQuery,
} from '@mchezo/contracts/staff-finance';
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { csvCell } from '../../lib/csv.js';
import { EAT_OFFSET_MS, eatDay, eatMidnight } from '../../lib/time.js';

const DAY_MS = 86_400_000;
const POTS = ['main', 'withdrawal', 'bonus', 'tax_excise', 'tax_withholding', 'operator'] as const;
/** The EAT day number of an entry: literals, so PostgreSQL groups by the very expression it selects. */
const eatDayNumber = sql<number>`(le.created_at + ${sql.lit(EAT_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;

const zero = (): FinanceFigures => ({
  deposits: 0,
  withdrawals: 0,
  stakes: 0,
  wins: 0,
  ggr: 0,
  excise: 0,
  withholding: 0,
  adjustments: 0,
  ngr: 0,
});

/** Every entry but review corrections in [start, end), summed per EAT day, kind and account. */
const entryTotals = (db: Kysely<DB>, start: number, end: number) =>
  db
    .selectFrom('ledger_entries as le')
    .select([
      eatDayNumber.as('day'),
      'le.kind',
      'le.pot',
      (eb) => eb.fn.sum<number | string>('le.amount').as('amount'),
    ])
    .where('le.pot', 'in', POTS)
    .where('le.created_at', '>=', start)
    .where('le.created_at', '<', end)
    .where('le.kind', '!=', 'review_adjustment')
    .groupBy([eatDayNumber, 'le.kind', 'le.pot'])
    .execute();

/** Review corrections in [start, end), per EAT day, account and the reviewed transaction's type. */
const reviewTotals = (db: Kysely<DB>, start: number, end: number) =>
  db
    .selectFrom('ledger_entries as le')
    .innerJoin('payment_reviews as r', 'r.id', 'le.ref_id')
    .innerJoin('wallet_transactions as t', 't.id', 'r.transaction_id')
    .select([
      eatDayNumber.as('day'),
      'le.pot',
      't.type',
      (eb) => eb.fn.sum<number | string>('le.amount').as('amount'),
    ])
    .where('le.pot', 'in', POTS)
    .where('le.created_at', '>=', start)
    .where('le.created_at', '<', end)
    .where('le.kind', '=', 'review_adjustment')
    .groupBy([eatDayNumber, 'le.pot', 't.type'])
    .execute();

type Pot = (typeof POTS)[number];

/** Adds one account's movement of a kind to a period's figures. */
function add(f: FinanceFigures, kind: string, pot: Pot, amount: number, reviewed?: 'deposit' | 'withdrawal') {
  if (pot === 'tax_excise') f.excise += amount;
  else if (pot === 'tax_withholding') f.withholding += amount;
  else if (pot === 'operator') f.ngr += amount;
  else if (reviewed === 'deposit' && pot === 'main') f.deposits += amount;
  else if (reviewed === 'withdrawal' && pot === 'withdrawal') f.withdrawals -= amount;
  else if (kind === 'deposit') f.deposits += amount;
  else if (kind === 'withdrawal' || kind === 'withdrawal_reversal') f.withdrawals -= amount;
  else if (kind === 'bet' || kind === 'rollback') f.stakes -= amount;
  else if (kind === 'win') f.wins += amount;
  else if (kind === 'manual_adjustment') f.adjustments += amount;
}

export class FinanceReportService {
  constructor(private readonly ctx: AppContext) {}

  /** The query's schema has checked the dates and the range's bound. */
  async report(q: FinanceReportQuery) {
    const start = eatMidnight(q.from);
    const end = eatMidnight(q.to) + DAY_MS;
    const key = (ms: number) => (q.period === 'day' ? eatDay(ms) : eatDay(ms).slice(0, 7));
    const rows = new Map<string, FinanceFigures>();
    for (let t = start; t < end; t += DAY_MS) if (!rows.has(key(t))) rows.set(key(t), zero());
    const periodOf = (day: number | string) => rows.get(key(Number(day) * DAY_MS - EAT_OFFSET_MS))!;
    const db = this.ctx.database.db;
    const [entries, reviews] = await Promise.all([entryTotals(db, start, end), reviewTotals(db, start, end)]);
    for (const e of entries) add(periodOf(e.day), e.kind, e.pot as Pot, Number(e.amount));
    for (const r of reviews)
      add(periodOf(r.day), 'review_adjustment', r.pot as Pot, Number(r.amount), r.type);
    const totals = zero();
    for (const f of rows.values()) {
      f.ggr = f.stakes - f.wins;
      // Until here `ngr` held the operator account's own movements.
      f.ngr += f.ggr;
      for (const name of FINANCE_FIGURES) totals[name] += f[name];
    }
    return {
      period: q.period,
      from: q.from,
      to: q.to,
      timezone: 'Africa/Nairobi' as const,
      currency: 'KES' as const,
      rows: [...rows].map(([period, f]) => ({ period, ...f })),
      totals,
    };
  }
}

/** The report as CSV in KES (two decimals): one line per period, then `total`. */
export function financeReportCsv(report: Awaited<ReturnType<FinanceReportService['report']>>): string {
  const line = (label: string, f: FinanceFigures) =>
    [label, ...FINANCE_FIGURES.map((name) => centsToDecimal(f[name]))].map(csvCell).join(',');
  return [
    ['period', ...FINANCE_FIGURES.map((name) => `${name}_kes`)].join(','),
    ...report.rows.map((r) => line(r.period, r)),
    line('total', report.totals),
    '',
  ].join('\n');
}
