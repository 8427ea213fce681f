import type SqliteDatabase from 'better-sqlite3';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './database.js';
import type { DB } from './schema.js';
import { sqliteConnectionOf } from './tx.js';

const MARK = '\u0000param:';

interface Entry {
  compiled: CompiledQuery;
  slots: (string | null)[];
}

export interface Prepared<R, P> {
  /** Runs on `db`, which may be a transaction. */
  run(db: Kysely<DB>, params: P): Promise<R[]>;
  /** A read outside any transaction: on SQLite it uses the read-only connection directly. */
  read(database: Database, params: P): Promise<R[]>;
  /** `read` of one row by key: on SQLite the statement stops at it instead of looking for more. */
  readFirst(database: Database, params: P): Promise<R | undefined>;
}

/**
 * A query built and compiled once per dialect, then run with new parameter values: on hot read
 * paths (every authenticated request) building and compiling a Kysely query costs more than
 * running it. The SQL still comes from the one Kysely definition for both databases.
 * `build` receives `param(name)` placeholders where values go.
 */
export function prepared<R, P extends Record<string, unknown>>(
  build: (db: Kysely<DB>, param: (name: keyof P & string) => never) => Compilable<R>,
): Prepared<R, P> {
  const byDialect = new Map<string, Entry>();
  const statements = new WeakMap<SqliteDatabase.Database, SqliteDatabase.Statement>();

  const entryFor = (db: Kysely<DB>): Entry => {
    const dialect = db.getExecutor().adapter.constructor.name;
    let entry = byDialect.get(dialect);
    if (!entry) {
      const compiled = build(db, (name) => `${MARK}${name}` as never).compile();
      const slots = compiled.parameters.map((v) =>
        typeof v === 'string' && v.startsWith(MARK) ? v.slice(MARK.length) : null,
      );
      entry = { compiled, slots };
      byDialect.set(dialect, entry);
    }
    return entry;
  };
  const bind = ({ compiled, slots }: Entry, params: P) =>
    compiled.parameters.map((v, i) => {
      const slot = slots[i];
      return slot ? params[slot] : v;
    });
  const statementOn = (connection: SqliteDatabase.Database, entry: Entry) => {
    let stmt = statements.get(connection);
    if (!stmt) {
      stmt = connection.prepare(entry.compiled.sql);
      statements.set(connection, stmt);
    }
    return stmt;
  };

  return {
    async run(db, params) {
      const entry = entryFor(db);
      // In a SQLite transaction the statement runs on its connection directly: Kysely's executor
      // costs more than the statement itself.
      const connection = sqliteConnectionOf(db);
      if (connection) {
        const stmt = statementOn(connection, entry);
        if (stmt.reader) return stmt.all(...bind(entry, params)) as R[];
        stmt.run(...bind(entry, params));
        return [];
      }
      const result = await db.executeQuery<R>({ ...entry.compiled, parameters: bind(entry, params) });
      return result.rows as R[];
    },
    async read(database, params) {
      const { reader } = database;
      if (!reader) return this.run(database.db, params);
      const entry = entryFor(database.db);
      return statementOn(reader, entry).all(...bind(entry, params)) as R[];
    },
    async readFirst(database, params) {
      const { reader } = database;
      if (!reader) return (await this.run(database.db, params))[0];
      const entry = entryFor(database.db);
      return statementOn(reader, entry).get(...bind(entry, params)) as R | undefined;
    },
  };
}
