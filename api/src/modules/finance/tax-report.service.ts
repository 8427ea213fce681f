/**
 * The operators' tax report (`GET /finance/tax-report`, `node scripts/payments.mjs tax-report`):
 * per day or month (East Africa Time, UTC+3, where the returns are filed), the excise duty and
 * withholding tax booked in the operator tax accounts, with their gross bases. It is read from the
 * ledger itself, so it always equals it: each tax-account entry counts in the period it was
 * booked, a refund (reversed payout) or an operator's correction counts negative, and its base is
 * its transaction's gross amount with the entry's sign.
 * Where a rate changed (tax rates by date, docs/decisions/040-tax-rates-by-date.md), each period
 * is split by rate too (`rate_periods`): per tax, one line per rate in force during the period,
 * `from`–`to` the part of the period it was in force, holding the entries booked in the period
 * whose transaction was made at that rate (a deposit made just before a change and settled just
 * after it counts with the rate it was made at).
 */
import { centsToDecimal } from '@mchezo/contracts/money';
import type { TaxReportQuery, TaxReportResponse } from '@mchezo/contracts/payments';
import { TAX_KINDS, type TaxKind } from '@mchezo/contracts/wallet';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { eatDay, eatIso, eatMidnight } from '../../lib/time.js';
import { envRate, listRates } from '../wallet/ledger.service.js';
import type { FinanceConfig } from './finance.config.js';

const DAY_MS = 86_400_000;

interface Totals {
  excise_base: number;
  excise_duty: number;
  withholding_base: number;
  withholding_tax: number;
}
/** What the JSON answers: integer cents, never a KES float. */
type TotalsCents = TaxReportResponse['totals'];

const zero = (): Totals => ({ excise_base: 0, excise_duty: 0, withholding_base: 0, withholding_tax: 0 });

/** One tax at one rate within one period: [from, to) in epoch ms, amounts in cents. */
interface RateLine {
  period: string;
  kind: TaxKind;
  from: number;
  to: number;
  rate_bp: number;
  base: number;
  tax: number;
}
/** A rate and the instant it took effect (0: before any dated change). */
type Rate = { effective_from: number; rate_bp: number };

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
    .select(['le.pot', 'le.amount', 'le.created_at', 't.amount as base', 't.created_at as made_at'])
    .where('le.pot', 'in', ['tax_excise', 'tax_withholding'])
    .where('le.created_at', '>=', start)
    .where('le.created_at', '<', end)
    .execute();

export class TaxReportService {
  constructor(
    private readonly ctx: AppContext,
    private readonly config: FinanceConfig,
  ) {}

  /** Each kind's rates, oldest first, starting at 0 (the environment's while none is kept). */
  private async schedule(): Promise<Record<TaxKind, Rate[]>> {
    const rows = await listRates(this.ctx.database.db);
    const of = (kind: TaxKind): Rate[] => {
      const rates = rows.filter((r) => r.kind === kind);
      return rates[0]?.effective_from === 0
        ? rates
        : [{ effective_from: 0, rate_bp: envRate(this.config, kind) }, ...rates];
    };
    return { excise: of('excise'), withholding: of('withholding') };
  }

  /** Real dates, `from` ≤ `to`, at most 400 days: the query's schema has checked them. */
  async report(q: Omit<TaxReportQuery, 'format' | 'by'>): Promise<TaxReportResponse> {
    const start = eatMidnight(q.from);
    const end = eatMidnight(q.to) + DAY_MS;
    const key = (day: string) => (q.period === 'day' ? day : day.slice(0, 7));
    const rows = new Map<string, Totals>();
    /** Each period's part of the range, [start, end). */
    const spans = new Map<string, { start: number; end: number }>();
    for (let t = start; t < end; t += DAY_MS) {
      const k = key(eatDay(t));
      if (!rows.has(k)) rows.set(k, zero());
      const span = spans.get(k);
      if (span) span.end = t + DAY_MS;
      else spans.set(k, { start: t, end: t + DAY_MS });
    }
    const schedule = await this.schedule();
    const lines = new Map<string, RateLine>();
    /** The line of `kind` at its `i`-th rate in `period`: the part of the period the rate was in force. */
    const lineOf = (period: string, kind: TaxKind, i: number): RateLine => {
      const id = `${period}|${kind}|${i}`;
      const known = lines.get(id);
      if (known) return known;
      const span = spans.get(period)!;
      const rate = schedule[kind][i]!;
      const until = schedule[kind][i + 1]?.effective_from ?? Number.POSITIVE_INFINITY;
      // A rate no longer in force in the period (its transaction was made before): its own dates.
      const inside = rate.effective_from < span.end && until > span.start;
      const line: RateLine = {
        period,
        kind,
        from: inside ? Math.max(rate.effective_from, span.start) : rate.effective_from,
        to: inside ? Math.min(until, span.end) : until,
        rate_bp: rate.rate_bp,
        base: 0,
        tax: 0,
      };
      lines.set(id, line);
      return line;
    };
    /** The index of the rate of `kind` in force at `at`. */
    const rateIndex = (kind: TaxKind, at: number) =>
      Math.max(
        0,
        schedule[kind].findLastIndex((r) => r.effective_from <= at),
      );
    for (const [period, span] of spans)
      for (const kind of TAX_KINDS)
        schedule[kind].forEach((rate, i) => {
          const until = schedule[kind][i + 1]?.effective_from ?? Number.POSITIVE_INFINITY;
          if (rate.effective_from < span.end && until > span.start) lineOf(period, kind, i);
        });
    const totals = zero();
    for (const e of await taxEntries(this.ctx.database.db, start, end)) {
      const amount = Number(e.amount);
      const base = Math.sign(amount) * Number(e.base ?? 0);
      const period = key(eatDay(Number(e.created_at)));
      const row = rows.get(period)!;
      const kind: TaxKind = e.pot === 'tax_excise' ? 'excise' : 'withholding';
      const line = lineOf(period, kind, rateIndex(kind, Number(e.made_at ?? e.created_at)));
      line.base += base;
      line.tax += amount;
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
    const cents = (t: Totals): TotalsCents => ({
      excise_base_cents: t.excise_base,
      excise_duty_cents: t.excise_duty,
      withholding_base_cents: t.withholding_base,
      withholding_tax_cents: t.withholding_tax,
    });
    return {
      period: q.period,
      from: q.from,
      to: q.to,
      timezone: 'Africa/Nairobi',
      currency: 'KES',
      rows: [...rows].map(([period, t]) => ({ period, ...cents(t) })),
      totals: cents(totals),
      rate_periods: [...lines.values()]
        .sort(
          (a, b) =>
            a.period.localeCompare(b.period) ||
            TAX_KINDS.indexOf(a.kind) - TAX_KINDS.indexOf(b.kind) ||
            a.from - b.from,
        )
        .map((l) => ({
          period: l.period,
          kind: l.kind,
          // null: since before any dated change (the first rate).
          from: l.from === 0 ? null : eatIso(l.from),
          to: Number.isFinite(l.to) ? eatIso(l.to) : null,
          rate_bp: l.rate_bp,
          base_cents: l.base,
          tax_cents: l.tax,
        })),
    };
  }
}

/**
 * The report as CSV, amounts in KES with two decimals (the JSON's cents / 100, written from the
 * integer, never through a float): by `period`, one line per period, then `total`; by `rate`, one
 * line per period, tax and rate (`rate_periods`).
 */
export function taxReportCsv(report: TaxReportResponse, by: TaxReportQuery['by'] = 'period'): string {
  if (by === 'rate')
    return [
      'period,kind,from,to,rate_bp,base,tax',
      ...report.rate_periods.map((l) =>
        [
          l.period,
          l.kind,
          l.from ?? '',
          l.to ?? '',
          l.rate_bp,
          centsToDecimal(l.base_cents),
          centsToDecimal(l.tax_cents),
        ].join(','),
      ),
      '',
    ].join('\n');
  const line = (label: string, t: TotalsCents) =>
    [
      label,
      centsToDecimal(t.excise_base_cents),
      centsToDecimal(t.excise_duty_cents),
      centsToDecimal(t.withholding_base_cents),
      centsToDecimal(t.withholding_tax_cents),
    ].join(',');
  return [
    'period,excise_base,excise_duty,withholding_base,withholding_tax',
    ...report.rows.map((r) => line(r.period, r)),
    line('total', report.totals),
    '',
  ].join('\n');
}
