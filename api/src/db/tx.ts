import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './database.js';
import type { DB } from './schema.js';

export type Tx = Kysely<DB>;

const PG_RETRYABLE = new Set(['40001', '40P01', '23505']);
/** Most SQLite transactions sharing one commit: bounds how long the first of them waits. */
const GROUP_MAX = 64;

/**
 * Runs `fn` in one write transaction.
 * - SQLite: one connection, one writer. Transactions requested in the same turn of the event
 *   loop share one BEGIN IMMEDIATE … COMMIT (group commit), each `fn` in its own savepoint, so
 *   a failing one undoes only its own writes and the others see it as if it never ran. Writing
 *   the WAL at commit is most of a small transaction's cost; each caller still gets its answer
 *   only once its writes are committed. BEGIN IMMEDIATE takes the write lock up front (no
 *   upgrade deadlocks if another process shares the file).
 * - PostgreSQL: READ COMMITTED with row locks taken by the repositories (UPDATE … RETURNING on
 *   the wallet row); serialization failures, deadlocks and unique-key races are retried, so a
 *   concurrent duplicate sees the winner's committed row on its next attempt.
 * Never call the outside world (payment provider, SMS) inside `fn`.
 */
export async function inTransaction<T>(database: Database, fn: (trx: Tx) => Promise<T>): Promise<T> {
  if (database.dialect === 'sqlite') return groupCommitOf(database).run(fn);
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

interface Unit {
  fn: (trx: Tx) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

const groupCommits = new WeakMap<Database, GroupCommit>();
const groupConnections = new WeakMap<Tx, SqliteDatabase.Database>();

/** The SQLite connection under a transaction of `inTransaction`, for statements run on it directly. */
export const sqliteConnectionOf = (trx: Kysely<DB>): SqliteDatabase.Database | undefined =>
  groupConnections.get(trx);

function groupCommitOf(database: Database): GroupCommit {
  let group = groupCommits.get(database);
  if (!group) {
    group = new GroupCommit(database.db, database.writer!);
    groupCommits.set(database, group);
  }
  return group;
}

class GroupCommit {
  private queue: Unit[] = [];
  private scheduled = false;
  private readonly sql: Record<
    'begin' | 'savepoint' | 'release' | 'rollbackTo' | 'commit' | 'rollback',
    SqliteDatabase.Statement
  >;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly writer: SqliteDatabase.Database,
  ) {
    this.sql = {
      begin: writer.prepare('begin immediate'),
      savepoint: writer.prepare('savepoint unit'),
      release: writer.prepare('release unit'),
      rollbackTo: writer.prepare('rollback to unit'),
      commit: writer.prepare('commit'),
      rollback: writer.prepare('rollback'),
    };
  }

  run<T>(fn: (trx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      // After the other I/O callbacks of this turn, so the transactions they ask for join in.
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const group = this.queue.splice(0, GROUP_MAX);
      // Holding Kysely's connection keeps every other query off it until the commit. Only
      // taking it can fail (the database is closed): the group's callers get that error.
      await this.db
        .connection()
        .execute((conn) => this.commit(conn, group))
        .catch((err: unknown) => {
          for (const unit of group) unit.reject(err);
        });
    }
    this.scheduled = false;
  }

  /** Never throws: every unit's promise settles once its fate is known. */
  private async commit(conn: Tx, group: Unit[]): Promise<void> {
    const { sql, writer } = this;
    const outcomes: (() => void)[] = [];
    groupConnections.set(conn, writer);
    try {
      sql.begin.run();
      for (const unit of group) {
        sql.savepoint.run();
        try {
          const value = await unit.fn(conn);
          sql.release.run();
          outcomes.push(() => unit.resolve(value));
        } catch (err) {
          // SQLite ends the whole transaction on some errors (disk full, I/O): then the group fails.
          if (!writer.inTransaction) throw err;
          sql.rollbackTo.run();
          sql.release.run();
          outcomes.push(() => unit.reject(err));
        }
      }
      sql.commit.run();
    } catch (err) {
      // Nothing of the group was written; keep the first error.
      try {
        if (writer.inTransaction) sql.rollback.run();
      } catch {}
      for (const unit of group) unit.reject(err);
      return;
    }
    for (const settle of outcomes) settle();
  }
}

/** True for a unique-constraint violation on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  return (
    e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
