/**
 * Money-laundering monitoring's job (docs/decisions/043-money-laundering-monitoring.md): on the
 * job runner with a lease (one instance at a time), it reads the money events after its own
 * cursor (`aml_cursor`), evaluates the rules on each, inserts the alerts (a key unique per rule
 * and subject: a second look inserts nothing) and advances the cursor, all in one transaction.
 * A process stopped anywhere in a batch leaves neither its alerts nor its cursor: the next round
 * does the batch again (at least once); an alert committed without its cursor (a crash between
 * two transactions in a future change, a cursor rewound) is not raised twice (the key).
 */
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/tx.js';
import { Job } from '../../lib/job-runner.js';
import type { AmlConfig } from './aml.config.js';
import { insertAlerts, readCursor, saveCursor } from './aml-monitor.repository.js';
import { evaluate } from './aml-rules.js';
import { type MoneyEventSource, outboxEvents } from './money-events.js';

export interface AmlRound {
  events: number;
  alerts: number;
  cursor: number;
}

/** Batches one round goes through at most; the next round goes on. */
const MAX_BATCHES_PER_ROUND = 20;

export class AmlMonitor {
  readonly job: Job<AmlRound>;

  constructor(
    private readonly ctx: AppContext,
    private readonly config: AmlConfig,
    private readonly source: MoneyEventSource = outboxEvents,
  ) {
    this.job = new Job(ctx, {
      name: 'aml-monitor',
      everyMs: config.AML_SCAN_INTERVAL_MS,
      // As long as the runner allows (JOB_LEASE_TTL_MS), renewed while this instance lives; a
      // killed holder's runs out.
      leaseMs: Number.POSITIVE_INFINITY,
      round: () => this.scan(),
    });
  }

  /** Every batch after the cursor, until none is left (or the round's share is done). */
  private async scan(): Promise<AmlRound> {
    const round: AmlRound = { events: 0, alerts: 0, cursor: 0 };
    for (let i = 0; i < MAX_BATCHES_PER_ROUND; i++) {
      const batch = await this.batch();
      round.events += batch.events;
      round.alerts += batch.alerts;
      round.cursor = batch.cursor;
      if (batch.events < this.config.AML_SCAN_BATCH) break;
    }
    return round;
  }

  private batch(): Promise<AmlRound> {
    const { database, clock } = this.ctx;
    const config = this.config;
    return inTransaction(database, async (trx) => {
      // Only the lease's holder moves the cursor: one that paused past its lease commits nothing.
      await this.job.fence(trx);
      const cursor = await readCursor(trx);
      const events = await this.source.after(trx, cursor, config.AML_SCAN_BATCH);
      const last = events.at(-1);
      if (!last) return { events: 0, alerts: 0, cursor };
      const now = clock.now();
      let alerts = 0;
      for (const event of events) alerts += await insertAlerts(trx, await evaluate(trx, config, event, now));
      await saveCursor(trx, last.sequence, now);
      return { events: events.length, alerts, cursor: last.sequence };
    });
  }
}
