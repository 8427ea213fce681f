import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * Staff search players by any part of the phone or the name (modules/players, decision 053):
 * `LIKE '%…%'`, which no b-tree serves. On PostgreSQL, trigram GIN indexes (pg_trgm, a trusted
 * extension shipped with PostgreSQL: a database owner may create it) make such a search read
 * its matches instead of every player; SQLite (one machine, development and tests) scans.
 * A status alone is listed newest first through (status, created_at, id).
 */
export const userSearchMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('users_status_created_idx')
      .on('users')
      .columns(['status', 'created_at', 'id'])
      .execute();
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    // One database, several schemas (parallel test runs): the extension is the database's, made
    // once; the lock makes a second migrator wait for the first instead of failing on it.
    await sql`select pg_advisory_xact_lock(hashtext('mchezo:pg_trgm'))`.execute(db);
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    const { rows } = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm'`.execute(db);
    // The operator class by its schema's name: a test schema's search_path does not hold public.
    const ops = sql`${sql.id(rows[0]?.schema ?? 'public')}.gin_trgm_ops`;
    await sql`create index users_phone_trgm_idx on users using gin (phone ${ops})`.execute(db);
    await sql`create index users_name_trgm_idx on users using gin (lower(full_name) ${ops})`.execute(db);
  },
};
