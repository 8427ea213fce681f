import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Env } from '../env.js';
import { startCheckpointer } from './checkpointer.js';
import type { DB } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /**
   * SQLite only: a second, read-only connection for hot reads outside transactions. In WAL mode
   * it sees the last committed state (never another request's open transaction) and does not
   * wait for the writer's connection.
   */
  reader?: SqliteDatabase.Database;
  /** SQLite only: the connection behind `db`, for transaction control (db/tx.ts). */
  writer?: SqliteDatabase.Database;
  close(): Promise<void>;
}

/** int8 (20) and numeric (1700) arrive as strings from pg; every one of ours fits a JS number. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
};

/** What the WAL file is cut back to after a burst (SQLite's `journal_size_limit`). */
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

export function createDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATABASE_SCHEMA' | 'SQLITE_PATH'>): Database {
  if (env.DATABASE_URL) {
    const pool = new pg.Pool({
      connectionString: env.DATABASE_URL,
      max: 10,
      types: pgTypes,
      options: `-c search_path=${env.DATABASE_SCHEMA}`,
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const sqlite = new SqliteDatabase(env.SQLITE_PATH);
  // WAL: readers never block the writer; NORMAL sync is durable across process crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Checkpoints run on a worker thread (checkpointer.ts); this is only the backstop (~400 MB),
  // and it runs on the request thread. Under a steady stream of commits the worker's PASSIVE
  // checkpoints seldom finish between two commits, so the WAL is not reused and grows (~20,000
  // frames a second of deposits): an 80 MB backstop stalled every request ~50 ms (two fsyncs)
  // every second or two. The worker still syncs the WAL every second.
  sqlite.pragma('wal_autocheckpoint = 100000');
  // A burst of writes can grow the WAL to gigabytes before a checkpoint catches up; SQLite
  // reuses the file afterwards but keeps its size. This truncates it back when it is reset.
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  const checkpointer = startCheckpointer(env.SQLITE_PATH);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) });
  const reader = new SqliteDatabase(env.SQLITE_PATH, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  return {
    db,
    dialect: 'sqlite',
    reader,
    writer: sqlite,
    close: async () => {
      await checkpointer.stop();
      reader.close();
      await db.destroy();
    },
  };
}

/**
 * Kysely prepares every query anew; better-sqlite3 statements are reusable, and preparing is a
 * large share of a small query's cost. The same SQL text (our queries are parameterised, so the
 * set is small) reuses its statement. Safe because better-sqlite3 runs each statement to
 * completion synchronously.
 */
function cachingStatements(sqlite: SqliteDatabase.Database): SqliteDatabase.Database {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return new Proxy(sqlite, {
    get(target, prop, receiver) {
      if (prop !== 'prepare') {
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (source: string) => {
        let stmt = cache.get(source);
        if (!stmt) {
          stmt = target.prepare(source);
          if (cache.size >= 500) cache.delete(cache.keys().next().value as string);
          cache.set(source, stmt);
        }
        return stmt;
      };
    },
  });
}

/** Creates the PostgreSQL schema named by DATABASE_SCHEMA when it is not public. */
export async function ensureSchema(env: Pick<Env, 'DATABASE_URL' | 'DATABASE_SCHEMA'>): Promise<void> {
  if (!env.DATABASE_URL || env.DATABASE_SCHEMA === 'public') return;
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`create schema if not exists "${env.DATABASE_SCHEMA}"`);
  } finally {
    await client.end();
  }
}

export { sql };
