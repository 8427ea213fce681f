import type { Kysely, Migration } from 'kysely';

/**
 * Parked feed events (docs/decisions/063-a-feed-that-cannot-jam.md): an event the receiver refuses
 * on its own (413 too large, 400/422 not valid) is set aside with when and why, so the events after
 * it flow; compliance sends it again from the staff site. Null while the event is in the queue.
 */
export const feedParkingMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('regulator_feed_events').addColumn('parked_at', 'bigint').execute();
    await db.schema.alterTable('regulator_feed_events').addColumn('parked_reason', 'text').execute();
    // The feed status lists the parked events; they are few among many.
    await db.schema
      .createIndex('regulator_feed_events_parked_idx')
      .on('regulator_feed_events')
      .column('parked_at')
      .execute();
  },
};
