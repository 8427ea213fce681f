import { type Kysely, type Migration, PostgresAdapter } from 'kysely';

/**
 * The regulator's real-time feed (docs/decisions/042-regulator-feed-outbox.md): an outbox of
 * events written in the same transaction as the money or limit they report, numbered by the
 * database (`sequence`: SQLite INTEGER PRIMARY KEY AUTOINCREMENT, PostgreSQL bigserial), and the
 * delivery's state (one row, `delivery`), read by every instance for the operators' status.
 */
export const regulatorFeedMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('regulator_feed_events')
      .addColumn('sequence', postgres ? 'bigserial' : 'integer', (c) =>
        postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('event_id', 'text', (c) => c.notNull().unique())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('occurred_at', 'bigint', (c) => c.notNull())
      /** The player's opaque reference (users.player_ref), never a phone or a name. */
      .addColumn('player_ref', 'text')
      /** JSON. */
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('batch_id', 'text')
      .addColumn('delivered_at', 'bigint')
      .execute();
    // The delivery's look-up: the oldest undelivered events, in order.
    await db.schema
      .createIndex('regulator_feed_events_undelivered_idx')
      .on('regulator_feed_events')
      .columns(['delivered_at', 'sequence'])
      .execute();
    await db.schema
      .createTable('regulator_feed_state')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('last_attempt_at', 'bigint')
      /** `delivered` or `failed`. */
      .addColumn('last_result', 'text')
      .addColumn('last_error', 'text')
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('last_delivered_at', 'bigint')
      .addColumn('last_delivered_sequence', 'bigint')
      .addColumn('last_batch_id', 'text')
      .execute();
  },
};
