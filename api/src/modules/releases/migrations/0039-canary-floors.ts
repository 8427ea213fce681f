import type { Kysely, Migration } from 'kysely';

/**
 * Canary floors (docs/decisions/059-canary-floors-and-start-up.md): a remote's floors for every
 * guarded canary of it, set by a release manager. One row per change, never updated: the newest
 * row of a remote is in force, the others are its audit (who, when, why). A remote without a row
 * has the defaults of the environment (CANARY_FLOOR_*).
 */
export const canaryFloorsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('canary_floors')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('remote', 'text', (c) => c.notNull())
      /** Each step at least this long (milliseconds). */
      .addColumn('step_ms', 'bigint', (c) => c.notNull())
      /** Steps a plan has (its first percentage and its ramp) before it is promoted. */
      .addColumn('min_steps', 'integer', (c) => c.notNull())
      /** Canary loads (attempted) per step, and from how many distinct browsers. */
      .addColumn('min_loads', 'integer', (c) => c.notNull())
      .addColumn('min_browsers', 'integer', (c) => c.notNull())
      /** The most error-rate increase over the active version a plan may tolerate (basis points). */
      .addColumn('max_increase_bp', 'integer', (c) => c.notNull())
      .addColumn('set_by', 'text', (c) => c.notNull())
      .addColumn('set_at', 'bigint', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('canary_floors_remote_set_at_idx')
      .on('canary_floors')
      .columns(['remote', 'set_at'])
      .execute();
  },
};
