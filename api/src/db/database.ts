import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, type SqliteDatabase as KyselySqlite, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Env } from '../env.js';
import type { DB } from './schema.js';

export interface Database {
  db: Kysely<DB>;
  dialect: 'sqlite' | 'postgres';
  close(): Promise<void>;
}

/** int8 (20) and numeric (1700) arrive as strings from pg; every one of ours fits a JS number. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
};

/** What the WAL file is cut back to once a checkpoint has copied it into the database. */
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
  ownerOnly(env.SQLITE_PATH);
  const sqlite = new SqliteDatabase(env.SQLITE_PATH);
  // WAL: a commit appends to the log instead of rewriting the database file; NORMAL sync is
  // durable across process crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's own checkpoint runs after the commit that takes the WAL past 1000 pages (~4 MiB).
  // This process has one connection and no reader can hold an old snapshot, so each checkpoint
  // copies the whole log back and the next commits reuse the file from its start: the WAL
  // stays near that size. journal_size_limit shrinks the file if anything (another process
  // reading the file, a long transaction) once let it grow past the limit.
  sqlite.pragma('wal_autocheckpoint = 1000');
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * The database holds password hashes, sessions and the shared secrets: the file is created (or
 * narrowed) to mode 0600 before SQLite opens it. SQLite gives the WAL and shared-memory files it
 * creates the database file's mode; ones left by an older start are narrowed here too.
 */
function ownerOnly(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
}

/**
 * better-sqlite3 as Kysely sees it, but each SQL text is prepared once and its statement reused:
 * Kysely asks for a new statement per query, and preparing costs more than running our small
 * queries (the session check: 43 µs a call prepared anew, 14 µs reused). Our SQL is
 * parameterised, so the set of texts is small; the bound only guards against a runaway one.
 * Safe because better-sqlite3 runs a statement to completion before the next one starts.
 */
function reusingStatements(sqlite: SqliteDatabase.Database): KyselySqlite {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= 500) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
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
