import { type Kysely, sql } from 'kysely';
import type { Database } from './database.js';
import type { DB } from './schema.js';

export type Tx = Kysely<DB>;

const PG_RETRYABLE = new Set(['40001', '40P01', '23505']);

/**
 * Runs `fn` in one write transaction.
 * - SQLite: one connection guarded by Kysely's mutex, opened with BEGIN IMMEDIATE so the
 *   write lock is taken up front (no upgrade deadlocks if another process shares the file).
 * - PostgreSQL: READ COMMITTED with row locks taken by the repositories (UPDATE … RETURNING on
 *   the wallet row); serialization failures, deadlocks and unique-key races are retried, so a
 *   concurrent duplicate sees the winner's committed row on its next attempt.
 * Never call the outside world (payment provider, SMS) inside `fn`.
 */
export async function inTransaction<T>(database: Database, fn: (trx: Tx) => Promise<T>): Promise<T> {
  if (database.dialect === 'sqlite') {
    return database.db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      try {
        const result = await fn(conn);
        await sql`commit`.execute(conn);
        return result;
      } catch (err) {
        // SQLite may already have rolled back on its own (e.g. disk full); keep the first error.
        await sql`rollback`.execute(conn).catch(() => {});
        throw err;
      }
    });
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await database.db.transaction().execute(fn);
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt < 5 && typeof code === 'string' && PG_RETRYABLE.has(code)) {
        await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
        continue;
      }
      throw err;
    }
  }
}

/** True for a unique-constraint violation on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  return (
    e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
