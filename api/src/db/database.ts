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
  /**
   * Where lost connections are reported (PostgreSQL ending them on a restart, 57P01): the pool
   * drops them and opens new ones on the next query, so the process carries on; until then
   * stderr (docs/decisions/035-surviving-faults.md).
   */
  reportErrorsTo(report: (err: Error) => void): void;
}

/**
 * Errors that mean the database cannot be reached right now (restarting, shutting down, the
 * connection lost or refused), as opposed to a query it refused: the API answers them with
 * 503 and Retry-After, and the next request gets a fresh connection.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return UNAVAILABLE_MESSAGES.test(err.message);
}
/** 57P01-03: admin shutdown, crash shutdown, cannot connect now; 08xxx: connection exceptions. */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly)/;

/** How long a request waits for a connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5_000;

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
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    let report: (err: Error) => void = (err) => {
      process.stderr.write(`database connection lost: ${err.message} (the next query reconnects)\n`);
    };
    // An idle connection's error reaches the pool; one in use reaches its client (and rejects
    // the query running on it). Without a listener either would end the process.
    pool.on('error', (err) => report(err));
    pool.on('connect', (client) => client.on('error', (err) => report(err)));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      reportErrorsTo: (to) => {
        report = to;
      },
    };
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
  return { db, dialect: 'sqlite', close: () => db.destroy(), reportErrorsTo: () => {} };
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
