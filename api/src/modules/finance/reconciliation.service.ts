/**
 * Reconciliation: when it asks the provider about a pending transaction, and what the queue looks
 * like (docs/decisions/014-payment-outcomes-and-review.md, "Reconciliation schedule").
 *
 * - First check: RECONCILE_AFTER_SECONDS after the transaction was made.
 * - After the n-th inconclusive check (pending, unknown, a failed query, an asynchronous
 *   Transaction Status query whose answer comes by callback): the next one
 *   min(base × 2^n, BACKOFF_CAP_MS) later, base = RECONCILE_AFTER_SECONDS (at least 30 s).
 *   With the defaults: 2 min after creation, then 4, 8, 15, 15, … minutes apart, until it is
 *   settled or RECONCILE_REVIEW_AFTER_SECONDS old (then review, at most one cap late).
 */
import type { ProviderOutcome } from '../../adapters/payments/payment-provider.js';
import type { AppContext } from '../../context.js';
import { Job } from '../../lib/job-runner.js';
import {
  claimDueTx,
  providerAmount,
  reconciliationCounts,
  scheduleNextCheck,
  type WalletTxRow,
} from '../wallet/ledger.service.js';
import { callbackBaseUrl } from '../wallet/payments.service.js';
import type { SettlementService } from '../wallet/settlement.service.js';
import type { FinanceConfig } from './finance.config.js';

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

type ScheduleEnv = Pick<FinanceConfig, 'RECONCILE_AFTER_SECONDS'>;

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

/** Transactions asked about per pass at most. */
const RECONCILE_BATCH = 100;

/**
 * Settles pending transactions whose callback never came (or came with an unknown outcome), by
 * asking the provider: STK Query for deposits (answered at once), Transaction Status for payouts
 * (answered by a callback). One still unresolved RECONCILE_REVIEW_AFTER_SECONDS after it was
 * made goes to the operators' review queue. Runs every RECONCILE_INTERVAL_SECONDS (0 disables
 * the timer; `runOnce` still works) on one instance at a time, the holder of the job's lease
 * (lib/job-runner.ts): however many instances run, the provider is asked about at most
 * RECONCILE_BATCH transactions a round.
 *
 * A pass takes the transactions whose next check is due, earliest first (claiming them, so a
 * second instance's pass at the same moment takes others: claimDueTx), and after an
 * inconclusive answer pushes the next check back with backoff (backoffMs above).
 * Transactions the provider keeps answering "pending" for thus make room for newer ones
 * instead of filling every pass.
 */
export class Reconciler {
  /** The rounds: started and stopped by the app (app.ts), with the other jobs. */
  readonly job: Job<number>;

  constructor(
    private readonly ctx: AppContext,
    private readonly config: FinanceConfig,
    private readonly settlement: SettlementService,
  ) {
    const everyMs = config.RECONCILE_INTERVAL_SECONDS * 1000;
    this.job = new Job(ctx, {
      name: 'reconciliation',
      everyMs,
      // Renewed by the runner while this instance lives; a killed holder's runs out.
      leaseMs: config.JOB_LEASE_TTL_MS,
      round: () => this.pass(),
    });
  }

  /** A pass now (one at a time); how many transactions it settled (0 on an instance without the lease). */
  async runOnce(): Promise<number> {
    const round = await this.job.runOnce();
    return round.leader ? round.result : 0;
  }

  private async pass(): Promise<number> {
    const { database, clock } = this.ctx;
    const env = this.config;
    const now = clock.now();
    const rows = await claimDueTx(database.db, {
      now,
      leaseUntil: now + CLAIM_LEASE_MS,
      limit: RECONCILE_BATCH,
      skipLocked: database.dialect === 'postgres',
    });
    rows.sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1));
    let settled = 0;
    for (const row of rows) {
      if ((await this.check(row, now - env.RECONCILE_REVIEW_AFTER_SECONDS * 1000)) !== 'pending') settled++;
      // Whatever the answer, a transaction still pending gets its next check (a settled one or
      // one in review is left alone by the conditional update).
      const checks = row.check_count + 1;
      await scheduleNextCheck(database.db, row.id, clock.now() + backoffMs(env, checks), checks).catch(
        (err: Error) =>
          this.ctx.log.error({ tx: row.id, err: { message: err.message } }, 'reconciliation schedule failed'),
      );
    }
    return settled;
  }

  /** Asks the provider about one transaction and settles it, or sends it to review when too old. */
  private async check(row: WalletTxRow, reviewBefore: number): Promise<'pending' | 'settled'> {
    const { payments: provider, log } = this.ctx;
    let outcome: ProviderOutcome;
    if (row.provider !== provider.name) {
      // Made through a provider no longer configured: it cannot be asked; review when too old.
      outcome = { state: 'unknown', reason: `Made through ${row.provider}, which is not configured` };
    } else {
      try {
        outcome = await provider.queryStatus({
          id: row.id,
          type: row.type,
          providerRef: row.provider_ref,
          phone: row.phone_number,
          amountMinor: providerAmount(row),
          createdAt: row.created_at,
          callbackBaseUrl: callbackBaseUrl(this.config, this.ctx.payments.name),
        });
      } catch (err) {
        log.warn({ tx: row.id, err: { message: (err as Error).message } }, 'reconciliation query failed');
        outcome = {
          state: 'unknown',
          reason: `Status query failed: ${(err as Error).message}`.slice(0, 200),
        };
      }
    }
    try {
      if (outcome.state === 'completed' || outcome.state === 'failed') {
        const status = await this.settlement.settle(row.id, outcome);
        log.info({ tx: row.id, status }, 'reconciled transaction');
        return status === 'pending' ? 'pending' : 'settled';
      }
      if (row.created_at < reviewBefore) {
        const why = outcome.state === 'unknown' ? outcome.reason : 'The provider still reports it pending';
        await this.settlement.reviewUnresolved(row.id, why);
      }
    } catch (err) {
      log.error({ tx: row.id, err: { message: (err as Error).message } }, 'reconciliation settle failed');
    }
    return 'pending';
  }
}
