import type { Kysely, Migration } from 'kysely';

/**
 * Release health (docs/decisions/022-release-health.md): the browser's error reports, scrubbed,
 * each tagged with the remote and version that raised it; and the shell's load counts per remote
 * version and minute (one row per minute, incremented), which the health figures add up.
 */
export const releaseHealthMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('error_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .addColumn('remote', 'text')
      .addColumn('remote_version', 'text')
      .addColumn('phase', 'text')
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('error_events_version_idx')
      .on('error_events')
      .columns(['remote', 'remote_version', 'received_at'])
      .execute();
    await db.schema
      .createTable('remote_load_counts')
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('remote_version', 'text', (c) => c.notNull())
      .addColumn('minute', 'bigint', (c) => c.notNull())
      .addColumn('loads', 'integer', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('remote_load_counts_pk', ['remote', 'remote_version', 'minute'])
      .execute();
  },
};
