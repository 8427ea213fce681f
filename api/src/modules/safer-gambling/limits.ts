/**
 * How a limit reads (docs/decisions/041-loss-and-stake-limits.md): the row in force at an
 * instant, as the API shows it in KES, and the words and codes of a refusal.
 */
import { fromCents } from '@mchezo/contracts/money';
import type { DepositLimitPeriod, StakeLimit } from '@mchezo/contracts/safer-gambling';
import { type AppError, refuse } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import type { LimitRow, RestrictionRow } from './safer-gambling.repository.js';
import { kenyaTime } from './windows.js';

export const PERIOD_WORDS: Record<DepositLimitPeriod, { adjective: string; rest: string }> = {
  day: { adjective: 'daily', rest: 'today' },
  week: { adjective: 'weekly', rest: 'this week' },
  month: { adjective: 'monthly', rest: 'this month' },
};
export const kes = (cents: number) =>
  `KES ${fromCents(cents).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/** A limit row of `period`: a deposit limit's, or a loss or stake limit's (`bet`). */
export type Limit<K extends string> = Omit<LimitRow, 'period'> & { period: K };

/** The row as it stands at `now`: a pending change whose time has come is in force. */
export function effective<K extends string>(row: Limit<K>, now: number): Limit<K> {
  if (row.pending_at === null || row.pending_at > now) return row;
  return { ...row, amount: row.pending_amount, pending_amount: null, pending_at: null };
}

/** A limit as the API shows it, in KES. */
export const limitView = (r: Omit<LimitRow, 'period'>): StakeLimit => ({
  amount: r.amount === null ? null : fromCents(r.amount),
  pending:
    r.pending_at === null
      ? null
      : {
          amount: r.pending_amount === null ? null : fromCents(r.pending_amount),
          applies_at: iso(r.pending_at),
        },
});

/** 403 TIMED_OUT / SELF_EXCLUDED naming the end. */
export function restrictedError(r: RestrictionRow): AppError {
  const until = kenyaTime(r.ends_at);
  const message =
    r.kind === 'time_out'
      ? `You are taking a time-out until ${until}. Deposits and games are closed until then.`
      : `You are self-excluded until ${until}. Deposits and games are closed until then.`;
  return refuse(r.kind === 'time_out' ? 'TIMED_OUT' : 'SELF_EXCLUDED', message, { until: iso(r.ends_at) });
}
