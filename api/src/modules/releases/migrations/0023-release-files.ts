import { type Kysely, type Migration, PostgresAdapter } from 'kysely';

/**
 * The version store in the database (docs/decisions/049-version-store.md): each published
 * version's files as blobs, one row per file, with the sha384 and size they were stored with.
 * What every API instance reaches when none shares a folder with another (RELEASES_STORE=database).
 * A version's rows are written in one transaction and never changed.
 */
export const releaseFilesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const blob = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
    await db.schema
      .createTable('release_files')
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('sha384', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('content', blob, (c) => c.notNull())
      .addPrimaryKeyConstraint('release_files_pk', ['remote', 'version', 'path'])
      .execute();
  },
};
