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

/** A better-sqlite3 statement of ours (never shared with Kysely's cache). */
interface SqliteStatement {
  stmt: SqliteDatabase.Statement;
  /** Set for statements that return rows: they run in raw mode and this names the values. */
  row: ((values: unknown[]) => unknown) | null;
}

/**
 * Makes the object better-sqlite3 would return for a row out of its raw values. better-sqlite3
 * builds its row objects through V8's C++ API, a property store and an internalised column-name
 * string per column on every row, which costs more than the indexed lookups of the hot session
 * query. A function made once per statement returns the same object (same keys in the same
 * order, the same values, set as plain assignments in an object literal) for a fraction of that.
 * The names come from SQLite's description of our own statement; JSON.stringify quotes each as a
 * string literal. Where code generation is disallowed, a loop makes the same object, slower.
 */
function rowMaker(columns: string[]): (values: unknown[]) => unknown {
  const fields = columns.map((name, i) => `${JSON.stringify(name)}: values[${i}]`);
  try {
    return new Function('values', `return { ${fields.join(', ')} };`) as (values: unknown[]) => unknown;
  } catch {
    return (values) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i];
      return row;
    };
  }
}

/** A value, or a promise of it where the database answers asynchronously (PostgreSQL). */
export type MaybePromise<T> = T | Promise<T>;

export interface Prepared<R, P> {
  /** Runs on `db`, which may be a transaction. */
  run(db: Kysely<DB>, params: P): Promise<R[]>;
  /** A read outside any transaction: on SQLite it uses the read-only connection directly. */
  read(database: Database, params: P): Promise<R[]>;
  /**
   * `read` of one row by key: on SQLite the statement stops at it instead of looking for more,
   * and the row is returned as is, not through a promise (the read-only connection answers at
   * once; the hot path of an authenticated request saves its promise and microtask hops).
   */
  readFirst(database: Database, params: P): MaybePromise<R | undefined>;
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
  const statements = new WeakMap<SqliteDatabase.Database, SqliteStatement>();

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
  const statementOn = (connection: SqliteDatabase.Database, entry: Entry): SqliteStatement => {
    let statement = statements.get(connection);
    if (!statement) {
      const stmt = connection.prepare(entry.compiled.sql);
      statement = stmt.reader
        ? { stmt: stmt.raw(true), row: rowMaker(stmt.columns().map((c) => c.name)) }
        : { stmt, row: null };
      statements.set(connection, statement);
    }
    return statement;
  };
  const all = ({ stmt, row }: SqliteStatement, values: unknown[]): R[] =>
    (stmt.all(...values) as unknown[][]).map((raw) => row!(raw) as R);
  const first = ({ stmt, row }: SqliteStatement, values: unknown[]): R | undefined => {
    const raw = stmt.get(...values) as unknown[] | undefined;
    return raw === undefined ? undefined : (row!(raw) as R);
  };

  return {
    async run(db, params) {
      const entry = entryFor(db);
      // In a SQLite transaction the statement runs on its connection directly: Kysely's executor
      // costs more than the statement itself.
      const connection = sqliteConnectionOf(db);
      if (connection) {
        const statement = statementOn(connection, entry);
        if (statement.row) return all(statement, bind(entry, params));
        statement.stmt.run(...bind(entry, params));
        return [];
      }
      const result = await db.executeQuery<R>({ ...entry.compiled, parameters: bind(entry, params) });
      return result.rows as R[];
    },
    async read(database, params) {
      const { reader } = database;
      if (!reader) return this.run(database.db, params);
      const entry = entryFor(database.db);
      return all(statementOn(reader, entry), bind(entry, params));
    },
    readFirst(database, params) {
      const { reader } = database;
      if (!reader) return this.run(database.db, params).then((rows) => rows[0]);
      const entry = entryFor(database.db);
      return first(statementOn(reader, entry), bind(entry, params));
    },
  };
}
