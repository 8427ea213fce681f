import type { Kysely, Migration } from 'kysely';

/**
 * Parked feed events (docs/decisions/063-a-feed-that-cannot-jam.md): an event the receiver refuses
 * on its own (413 too large, 400/422 not valid) is set aside with when and why, so the events after
 * it flow; compliance sends it again from the staff site. Null while the event is in the queue.
 * The delivery's state counts the events parked since the last delivered batch.
 */
export const feedParkingMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('regulator_feed_events').addColumn('parked_at', 'bigint').execute();
    await db.schema.alterTable('regulator_feed_events').addColumn('parked_reason', 'text').execute();
    // Parked since the last delivered batch: past a few, a refusal is the receiver's failure.
    await db.schema
      .alterTable('regulator_feed_state')
      .addColumn('parked_in_a_row', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // The feed status lists the parked events; they are few among many.
    await db.schema
      .createIndex('regulator_feed_events_parked_idx')
      .on('regulator_feed_events')
      .column('parked_at')
      .execute();
  },
};
