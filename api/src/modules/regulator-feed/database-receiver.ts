/**
 * The receiver simulator the API serves, keeping what it got in the database (0047-feed-receiver.ts;
 * docs/decisions/063-a-feed-that-cannot-jam.md); its checks and faults are receiver-simulator.ts's.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { inTransaction } from '../../db/tx.js';
import type { Clock } from '../../lib/time.js';
import type { WireBatch } from './feed-format.js';
import {
  type Kept,
  type ReceiverFaults,
  type ReceiverSummary,
  SimulatedReceiver,
} from './receiver-simulator.js';

/** The counters' one row. */
const STATS = 'simulator';

/**
 * The receiver the API serves (`npm start`, the cluster; docs/decisions/063): it keeps what it got
 * in the database (0047), so every instance on that database is one receiver, and a restart
 * keeps it. Events are stored once by their id (the primary key decides, even between instances),
 * a batch id seen again is counted as recognised.
 */
export class DatabaseFeedReceiver extends SimulatedReceiver {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    secret: string,
    faults: Partial<ReceiverFaults> = {},
  ) {
    super(secret, faults);
  }

  private async bump(
    db: Kysely<DB>,
    column: 'attempts' | 'duplicate_events' | 'duplicate_batches' | 'out_of_order' | 'refused_signatures',
    by: number,
  ) {
    if (by === 0) return;
    await db
      .insertInto('regulator_feed_receiver_stats')
      .values({ name: STATS, [column]: by })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ [column]: sql`regulator_feed_receiver_stats.${sql.ref(column)} + ${by}` }),
      )
      .execute();
  }

  protected async counted(what: 'attempt' | 'refused_signature'): Promise<void> {
    await this.bump(this.database.db, what === 'attempt' ? 'attempts' : 'refused_signatures', 1);
  }

  protected keep(batch: WireBatch): Promise<Kept> {
    const now = this.clock.now();
    return inTransaction(this.database, async (trx) => {
      const seenBatch = await trx
        .insertInto('regulator_feed_receiver_batches')
        .values({ batch_id: batch.batch_id, received: 1, first_received_at: now })
        .onConflict((oc) =>
          oc.column('batch_id').doUpdateSet({ received: sql`regulator_feed_receiver_batches.received + 1` }),
        )
        .returning('received')
        .executeTakeFirstOrThrow();
      const duplicateBatch = Number(seenBatch.received) > 1;
      const before = await trx
        .selectFrom('regulator_feed_receiver_events')
        .select((eb) => eb.fn.max('sequence').as('last'))
        .executeTakeFirstOrThrow();
      const stored =
        batch.events.length === 0
          ? []
          : await trx
              .insertInto('regulator_feed_receiver_events')
              .values(
                batch.events.map((e) => ({
                  event_id: String(e.event_id),
                  sequence: Number(e.sequence),
                  batch_id: batch.batch_id,
                  received_at: now,
                  event: JSON.stringify(e),
                })),
              )
              .onConflict((oc) => oc.column('event_id').doNothing())
              .returning('event_id')
              .execute();
      const fresh = new Set(stored.map((r) => r.event_id));
      const duplicates = batch.events.map((e) => String(e.event_id)).filter((id) => !fresh.has(id));
      let last = Number(before.last ?? 0);
      let outOfOrder = 0;
      for (const event of batch.events) {
        if (!fresh.has(String(event.event_id))) continue;
        if (event.sequence < last) outOfOrder++;
        last = Math.max(last, event.sequence);
      }
      await this.bump(trx, 'duplicate_batches', duplicateBatch ? 1 : 0);
      await this.bump(trx, 'duplicate_events', duplicates.length);
      await this.bump(trx, 'out_of_order', outOfOrder);
      return { duplicateBatch, duplicates };
    });
  }

  async summary(): Promise<ReceiverSummary> {
    const db = this.database.db;
    const [events, batches, stats] = await Promise.all([
      db
        .selectFrom('regulator_feed_receiver_events')
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('sequence').as('last')])
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('regulator_feed_receiver_batches')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
      db.selectFrom('regulator_feed_receiver_stats').selectAll().where('name', '=', STATS).executeTakeFirst(),
    ]);
    return {
      attempts: Number(stats?.attempts ?? 0),
      batches: Number(batches.n),
      events: Number(events.n),
      lastSequence: Number(events.last ?? 0),
      duplicateEvents: Number(stats?.duplicate_events ?? 0),
      duplicateBatches: Number(stats?.duplicate_batches ?? 0),
      outOfOrder: Number(stats?.out_of_order ?? 0),
      refusedSignatures: Number(stats?.refused_signatures ?? 0),
    };
  }
}
