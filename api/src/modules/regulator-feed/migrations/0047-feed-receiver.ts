import type { Kysely, Migration } from 'kysely';

/**
 * The built-in receiver's store (development and tests, docs/decisions/063-a-feed-that-cannot-jam.md):
 * what the simulator served by the API received, in the database, so the instances of the cluster
 * behind one address are one receiver and it keeps what it got through a restart. The events
 * (once each, by event id), the batch ids it recognised, and its counters (one row). Nothing of a
 * deployed server: the simulator is refused outside development and tests (env.ts).
 */
export const feedReceiverMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('regulator_feed_receiver_events')
      .addColumn('event_id', 'text', (c) => c.primaryKey())
      .addColumn('sequence', 'bigint', (c) => c.notNull())
      .addColumn('batch_id', 'text', (c) => c.notNull())
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      /** JSON: the event as the wire carried it. */
      .addColumn('event', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('regulator_feed_receiver_events_sequence_idx')
      .on('regulator_feed_receiver_events')
      .column('sequence')
      .execute();
    await db.schema
      .createTable('regulator_feed_receiver_batches')
      .addColumn('batch_id', 'text', (c) => c.primaryKey())
      /** Times received (more than 1: sent again and recognised). */
      .addColumn('received', 'integer', (c) => c.notNull())
      .addColumn('first_received_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('regulator_feed_receiver_stats')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('duplicate_events', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('duplicate_batches', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('out_of_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('refused_signatures', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
