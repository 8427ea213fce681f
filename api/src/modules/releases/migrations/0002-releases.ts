import type { Kysely, Migration } from 'kysely';

/**
 * Release control (README, "For release managers"): the published versions of each remote, and
 * every revision of the release manifest (the newest is the one served). A revision number is the
 * primary key, so two writers racing from the same base cannot both commit.
 */
export const releasesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('release_versions')
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('entry', 'text', (c) => c.notNull())
      /** JSON: file path (relative to the version folder) → `sha384-<base64>`. */
      .addColumn('integrity', 'text', (c) => c.notNull())
      .addColumn('published_by', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('published_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('release_versions_pk', ['remote', 'version'])
      .execute();

    await db.schema
      .createTable('release_revisions')
      .addColumn('revision', 'bigint', (c) => c.primaryKey())
      /** JSON: the whole manifest as served (`{revision, remotes}`). */
      .addColumn('manifest', 'text', (c) => c.notNull())
      .addColumn('author', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
