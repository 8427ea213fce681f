import type { Kysely, Migration } from 'kysely';

/**
 * Retired versions (docs/decisions/058-retiring-versions.md): a release manager removes an old
 * published version's files from the version store; its row stays (the history, health and canary
 * records still name it) with who retired it, when and why. Null while the version is kept.
 */
export const retiredVersionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('release_versions').addColumn('retired_at', 'bigint').execute();
    await db.schema.alterTable('release_versions').addColumn('retired_by', 'text').execute();
    await db.schema.alterTable('release_versions').addColumn('retire_reason', 'text').execute();
  },
};
