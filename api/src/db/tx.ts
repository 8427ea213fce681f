import { type Kysely, sql } from 'kysely';
import type { Database } from './database.js';
import type { DB } from './schema.js';

/**
 * Runs `fn` in one write transaction and hands it the transaction's `Kysely` handle.
 * - SQLite: group commit (GroupCommit below, docs/decisions/012-sqlite-group-commit.md).
 * - PostgreSQL: READ COMMITTED with row locks taken by the repositories (UPDATE … RETURNING on
 *   the wallet row, conditional updates out of `pending`), and unique keys settled by
 *   `INSERT … ON CONFLICT DO NOTHING`, so concurrent writers wait for each other instead of
 *   failing; a transaction touches one player's rows in one order, so none deadlock.
 * Never call the outside world (payment provider, SMS) inside `fn`.
 */
export async function inTransaction<T>(database: Database, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (database.dialect === 'sqlite') return groupCommitOf(database).run(fn);
  return database.db.transaction().execute(fn);
}

/** True for a unique-constraint violation on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown };
  return (
    e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** Most transactions sharing one commit: bounds how long the first of them waits. */
const GROUP_MAX = 64;

interface Unit {
  fn: (trx: Kysely<DB>) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

const groupCommits = new WeakMap<Database, GroupCommit>();

function groupCommitOf(database: Database): GroupCommit {
  let group = groupCommits.get(database);
  if (!group) {
    group = new GroupCommit(database.db);
    groupCommits.set(database, group);
  }
  return group;
}

/**
 * SQLite write transactions asked for in the same turn of the event loop share one
 * BEGIN IMMEDIATE … COMMIT, each `fn` in its own savepoint: a failing one is rolled back to its
 * savepoint alone, and the others never see its writes. Writing the WAL at commit is most of a
 * small transaction's cost, so a group pays it once (a deposit costs half the server CPU it
 * costs with a commit each). Every caller is answered only after the commit. Kysely holds the
 * one connection for the whole group, so no other query runs in between. BEGIN IMMEDIATE takes
 * the write lock up front (no upgrade deadlock if another process shares the file).
 */
class GroupCommit {
  private queue: Unit[] = [];
  private scheduled = false;

  constructor(private readonly db: Kysely<DB>) {}

  run<T>(fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
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
      // Only taking the connection can fail here (the database is closed): the group gets that error.
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
  private async commit(conn: Kysely<DB>, group: Unit[]): Promise<void> {
    const outcomes: (() => void)[] = [];
    try {
      await sql`begin immediate`.execute(conn);
      for (const unit of group) {
        await sql`savepoint unit`.execute(conn);
        try {
          const value = await unit.fn(conn);
          await sql`release unit`.execute(conn);
          outcomes.push(() => unit.resolve(value));
        } catch (err) {
          // After some errors (disk full, I/O) SQLite has ended the whole transaction itself:
          // the savepoint is gone and the group fails with this unit's error.
          await sql`rollback to unit`.execute(conn).catch(() => Promise.reject(err));
          await sql`release unit`.execute(conn);
          outcomes.push(() => unit.reject(err));
        }
      }
      await sql`commit`.execute(conn);
    } catch (err) {
      // Nothing of the group was written.
      await sql`rollback`.execute(conn).catch(() => {});
      for (const unit of group) unit.reject(err);
      return;
    }
    for (const settle of outcomes) settle();
  }
}
