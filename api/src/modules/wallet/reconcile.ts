import type { AppContext } from '../../context.js';
import type { PaymentsService } from './payments.service.js';
import { pendingTxOlderThan } from './transactions.repository.js';

/**
 * Settles pending transactions whose callback never came, by asking the provider.
 * Runs every RECONCILE_INTERVAL_SECONDS (0 disables the timer; `runOnce` still works).
 */
export class Reconciler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly payments: PaymentsService,
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
    const before = clock.now() - env.RECONCILE_AFTER_SECONDS * 1000;
    const rows = await pendingTxOlderThan(database.db, before, 100);
    let settled = 0;
    for (const row of rows) {
      if (row.provider !== provider.name) continue;
      try {
        const outcome = await provider.queryStatus({
          id: row.id,
          type: row.type,
          providerRef: row.provider_ref,
          phone: row.phone_number,
          createdAt: row.created_at,
        });
        if (outcome.state === 'pending') continue;
        const status = await this.payments.settle(row.id, outcome);
        if (status !== 'pending') settled++;
        log.info({ tx: row.id, status }, 'reconciled transaction');
      } catch (err) {
        log.warn({ tx: row.id, err: { message: (err as Error).message } }, 'reconciliation query failed');
      }
    }
    return settled;
  }
}
