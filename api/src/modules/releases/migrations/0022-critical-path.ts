import type { Kysely, Migration } from 'kysely';

/**
 * Byte budgets (docs/decisions/048-byte-budgets.md): each published version keeps its critical
 * path as the platform measured it from its folder at publish (JSON `{ bytes, page, pages }`);
 * null for versions published before.
 */
export const criticalPathMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('release_versions').addColumn('critical_path', 'text').execute();
  },
};
