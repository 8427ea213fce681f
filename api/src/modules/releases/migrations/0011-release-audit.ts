import type { Kysely, Migration } from 'kysely';

/**
 * Release audit (docs/decisions/021-release-decisions-survive-restarts.md): every override issued
 * to testers (who, when, remote, version, why, until when), and each published version's latest
 * failed integrity check of its files (when it was first seen failing and what was wrong; null
 * while the files match their recorded hashes).
 */
export const releaseAuditMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('release_overrides')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('entry', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('issued_by', 'text', (c) => c.notNull())
      .addColumn('issued_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('release_overrides_issued_idx')
      .on('release_overrides')
      .column('issued_at')
      .execute();
    await db.schema.alterTable('release_versions').addColumn('integrity_failed_at', 'bigint').execute();
    await db.schema.alterTable('release_versions').addColumn('integrity_problem', 'text').execute();
  },
};
