/**
 * The operators' tax report (`GET /payments/tax-report`, `node scripts/payments.mjs tax-report`):
 * per day or month (East Africa Time, UTC+3, where the returns are filed), the excise duty and
 * withholding tax booked in the operator tax accounts, with their gross bases. It is read from the
 * ledger itself, so it always equals it: each tax-account entry counts in the period it was
 * booked, a refund (reversed payout) or an operator's correction counts negative, and its base is
 * its transaction's gross amount with the entry's sign.
 */
import { fromCents } from '@mchezo/contracts/money';
import type { TaxReportQuery } from '@mchezo/contracts/payments';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';

const EAT_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;

interface Totals {
  excise_base: number;
  excise_duty: number;
  withholding_base: number;
  withholding_tax: number;
}
type Row = Totals & { period: string };

const zero = (): Totals => ({ excise_base: 0, excise_duty: 0, withholding_base: 0, withholding_tax: 0 });
/** The EAT calendar day of an instant, as YYYY-MM-DD. */
const eatDay = (ms: number) => new Date(ms + EAT_OFFSET_MS).toISOString().slice(0, 10);
/** Midnight EAT starting a YYYY-MM-DD day, in epoch ms. */
const eatMidnight = (day: string) => Date.parse(`${day}T00:00:00.000Z`) - EAT_OFFSET_MS;

/** The tax-account entries booked in [start, end), each with its transaction's gross amount. */
const taxEntries = (db: Kysely<DB>, start: number, end: number) =>
  db
    .selectFrom('ledger_entries as le')
    .leftJoin('payment_reviews as r', 'r.id', 'le.ref_id')
    .leftJoin('wallet_transactions as t', (j) =>
      j.on((eb) =>
        eb.or([eb('t.id', '=', eb.ref('le.ref_id')), eb('t.id', '=', eb.ref('r.transaction_id'))]),
      ),
    )
    .select(['le.pot', 'le.amount', 'le.created_at', 't.amount as base'])
    .where('le.pot', 'in', ['tax_excise', 'tax_withholding'])
    .where('le.created_at', '>=', start)
    .where('le.created_at', '<', end)
    .execute();

export class TaxReportService {
  constructor(private readonly ctx: AppContext) {}

  /** Real dates, `from` ≤ `to`, at most 400 days: the query's schema has checked them. */
  async report(q: Omit<TaxReportQuery, 'format'>) {
    const start = eatMidnight(q.from);
    const end = eatMidnight(q.to) + DAY_MS;
    const key = (day: string) => (q.period === 'day' ? day : day.slice(0, 7));
    const rows = new Map<string, Totals>();
    for (let t = start; t < end; t += DAY_MS) if (!rows.has(key(eatDay(t)))) rows.set(key(eatDay(t)), zero());
    const totals = zero();
    for (const e of await taxEntries(this.ctx.database.db, start, end)) {
      const amount = Number(e.amount);
      const base = Math.sign(amount) * Number(e.base ?? 0);
      const row = rows.get(key(eatDay(Number(e.created_at))))!;
      for (const into of [row, totals]) {
        if (e.pot === 'tax_excise') {
          into.excise_duty += amount;
          into.excise_base += base;
        } else {
          into.withholding_tax += amount;
          into.withholding_base += base;
        }
      }
    }
    const money = (t: Totals): Totals => ({
      excise_base: fromCents(t.excise_base),
      excise_duty: fromCents(t.excise_duty),
      withholding_base: fromCents(t.withholding_base),
      withholding_tax: fromCents(t.withholding_tax),
    });
    return {
      period: q.period,
      from: q.from,
      to: q.to,
      timezone: 'Africa/Nairobi',
      currency: 'KES',
      rows: [...rows].map(([period, t]): Row => ({ period, ...money(t) })),
      totals: money(totals),
    };
  }
}

/** The report as CSV: one line per period, then `total`; amounts with two decimals. */
export function taxReportCsv(report: Awaited<ReturnType<TaxReportService['report']>>): string {
  const line = (label: string, t: Totals) =>
    [label, t.excise_base, t.excise_duty, t.withholding_base, t.withholding_tax]
      .map((v) => (typeof v === 'number' ? v.toFixed(2) : v))
      .join(',');
  return [
    'period,excise_base,excise_duty,withholding_base,withholding_tax',
    ...report.rows.map((r) => line(r.period, r)),
    line('total', report.totals),
    '',
  ].join('\n');
}
