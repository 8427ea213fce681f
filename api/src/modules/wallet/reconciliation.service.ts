/**
 * When reconciliation asks the provider about a pending transaction, and what the queue looks
 * like (docs/decisions/014-payment-outcomes-and-review.md, "Reconciliation schedule").
 *
 * - First check: RECONCILE_AFTER_SECONDS after the transaction was made.
 * - After the n-th inconclusive check (pending, unknown, a failed query, an asynchronous
 *   Transaction Status query whose answer comes by callback): the next one
 *   min(base × 2^n, BACKOFF_CAP_MS) later, base = RECONCILE_AFTER_SECONDS (at least 30 s).
 *   With the defaults: 2 min after creation, then 4, 8, 15, 15, … minutes apart, until it is
 *   settled or RECONCILE_REVIEW_AFTER_SECONDS old (then review, at most one cap late).
 */
import type { AppContext } from '../../context.js';
import type { Env } from '../../env.js';
import { reconciliationCounts } from './transactions.repository.js';

/** The longest wait between two checks of a transaction that stays unresolved. */
export const BACKOFF_CAP_MS = 15 * 60_000;
/** The backoff's base when RECONCILE_AFTER_SECONDS is shorter (or 0: checked at the first pass). */
const MIN_BACKOFF_BASE_MS = 30_000;
/**
 * How long a claimed row is not due for other instances while this one asks about it (a pass
 * of 100 rows at DARAJA_TIMEOUT_MS each stays under it); a pass that dies leaves its rows due
 * again after it.
 */
export const CLAIM_LEASE_MS = 15 * 60_000;

type ScheduleEnv = Pick<Env, 'RECONCILE_AFTER_SECONDS'>;

/** next_check_at of a new pending transaction. */
export const firstCheckAt = (env: ScheduleEnv, createdAt: number) =>
  createdAt + env.RECONCILE_AFTER_SECONDS * 1000;

/** The wait after the `checks`-th inconclusive check (1, 2, …): doubling, capped. */
export function backoffMs(env: ScheduleEnv, checks: number): number {
  const base = Math.max(env.RECONCILE_AFTER_SECONDS * 1000, MIN_BACKOFF_BASE_MS);
  const cap = Math.max(BACKOFF_CAP_MS, base);
  return Math.min(base * 2 ** Math.min(Math.max(checks, 0), 30), cap);
}

interface ReconciliationFigures {
  /** Transactions waiting for the provider's answer. */
  pending: number;
  /** Pending ones whose next check is due now (a growing number: the job is behind or stopped). */
  due: number;
  /** Age of the oldest pending transaction in whole seconds; null when none is pending. */
  oldest_pending_age_seconds: number | null;
  /** Transactions waiting for an operator (`GET /finance/review`). */
  review: number;
}

export async function reconciliationFigures(ctx: AppContext): Promise<ReconciliationFigures> {
  const now = ctx.clock.now();
  const rows = await reconciliationCounts(ctx.database.db, now);
  const pending = rows.find((r) => r.status === 'pending');
  const review = rows.find((r) => r.status === 'review');
  const oldest = pending?.oldest_created_at;
  return {
    pending: Number(pending?.count ?? 0),
    due: Number(pending?.due ?? 0),
    oldest_pending_age_seconds:
      oldest == null ? null : Math.max(0, Math.floor((now - Number(oldest)) / 1000)),
    review: Number(review?.count ?? 0),
  };
}
