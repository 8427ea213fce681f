import type { ProviderOutcome } from '../../adapters/payments/payment-provider.js';
import type { AppContext } from '../../context.js';
import { callbackBaseUrl } from './payments.service.js';
import type { SettlementService } from './settlement.service.js';
import { pendingTxOlderThan } from './transactions.repository.js';

/**
 * Settles pending transactions whose callback never came (or came with an unknown outcome), by
 * asking the provider: STK Query for deposits (answered at once), Transaction Status for payouts
 * (answered by a callback). One still unresolved RECONCILE_REVIEW_AFTER_SECONDS after it was
 * made goes to the operators' review queue. Runs every RECONCILE_INTERVAL_SECONDS (0 disables
 * the timer; `runOnce` still works).
 */
export class Reconciler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly settlement: SettlementService,
  ) {}

  start(): void {
    const every = this.ctx.env.RECONCILE_INTERVAL_SECONDS;
    if (every <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      this.runOnce().catch((err: Error) =>
        this.ctx.log.error({ err: { message: err.message } }, 'reconciliation failed'),
      );
    }, every * 1000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Returns how many transactions it settled. */
  runOnce(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<number> {
    const { database, clock, payments: provider, env, log } = this.ctx;
    const now = clock.now();
    const before = now - env.RECONCILE_AFTER_SECONDS * 1000;
    const reviewBefore = now - env.RECONCILE_REVIEW_AFTER_SECONDS * 1000;
    const rows = await pendingTxOlderThan(database.db, before, 100);
    let settled = 0;
    for (const row of rows) {
      if (row.provider !== provider.name) continue;
      let outcome: ProviderOutcome;
      try {
        outcome = await provider.queryStatus({
          id: row.id,
          type: row.type,
          providerRef: row.provider_ref,
          phone: row.phone_number,
          amountMinor: row.amount,
          createdAt: row.created_at,
          callbackBaseUrl: callbackBaseUrl(this.ctx),
        });
      } catch (err) {
        log.warn({ tx: row.id, err: { message: (err as Error).message } }, 'reconciliation query failed');
        outcome = {
          state: 'unknown',
          reason: `Status query failed: ${(err as Error).message}`.slice(0, 200),
        };
      }
      try {
        if (outcome.state === 'completed' || outcome.state === 'failed') {
          const status = await this.settlement.settle(row.id, outcome);
          if (status !== 'pending') settled++;
          log.info({ tx: row.id, status }, 'reconciled transaction');
        } else if (row.created_at < reviewBefore) {
          const why = outcome.state === 'unknown' ? outcome.reason : 'The provider still reports it pending';
          await this.settlement.reviewUnresolved(row.id, why);
        }
      } catch (err) {
        log.error({ tx: row.id, err: { message: (err as Error).message } }, 'reconciliation settle failed');
      }
    }
    return settled;
  }
}
