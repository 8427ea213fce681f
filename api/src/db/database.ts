import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  type KyselyPlugin,
  type SqliteDatabase as KyselySqlite,
  PostgresDialect,
  type PostgresPool,
  SqliteDialect,
} from 'kysely';
import pg from 'pg';
import type { PlatformConfig } from '../platform.config.js';
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
  /** Whether the storage refused a write for want of room, and since then none succeeded. */
  readonly storage: StorageState;
}

/**
 * A full disk (SQLITE_FULL, ENOSPC, PostgreSQL's 53100): noted by the app's error handler
 * (`noteFull`), said by readiness, and forgotten at the next insert that succeeds. Inserts, not
 * updates: an update in place may still fit where nothing new does, and a lease renewed every
 * few seconds would otherwise call a full disk well (docs/decisions/064-storage-and-timeouts.md).
 */
export class StorageState {
  private fullSince: { at: number; reason: string } | null = null;

  get full(): { at: number; reason: string } | null {
    return this.fullSince;
  }

  noteFull(err: { code?: unknown; message: string }): void {
    this.fullSince ??= { at: Date.now(), reason: String(err.code ?? err.message) };
  }

  /** Kysely plugin: an insert that went through (the plugin sees successes only) clears the note. */
  readonly plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      if (node.kind === 'InsertQueryNode') this.inserts.add(queryId);
      return node;
    },
    transformResult: async ({ queryId, result }) => {
      if (this.inserts.delete(queryId) && ((result.numAffectedRows ?? 0n) > 0n || result.rows.length > 0))
        this.fullSince = null;
      return result;
    },
  };

  /** Inserts under way (their query ids). */
  private readonly inserts = new WeakSet<object>();
}

/** A full disk, on either database: SQLite's SQLITE_FULL, the OS's ENOSPC, PostgreSQL's class 53100. */
export function isStorageFull(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === '53100';
}

/**
 * A statement that ran out of DATABASE_STATEMENT_TIMEOUT_MS: PostgreSQL cancelled it (57014
 * statement_timeout, 55P03 lock_timeout), pg gave up reading its answer (the server paused), or
 * SQLite's busy_timeout ran out waiting for another writer (SQLITE_BUSY).
 */
export function isStatementTimeout(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return (
    code === '57014' ||
    code === '55P03' ||
    code === 'SQLITE_BUSY' ||
    (typeof code === 'string' && code.startsWith('SQLITE_BUSY_')) ||
    err.message === QUERY_READ_TIMEOUT
  );
}
/** pg's own message when `query_timeout` passes without an answer. */
const QUERY_READ_TIMEOUT = 'Query read timeout';

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

/** What a statement may take at most when the environment says nothing (DATABASE_STATEMENT_TIMEOUT_MS). */
export const STATEMENT_TIMEOUT_MS = 5_000;
/** SQLite's wait for another writer when no statement timeout is asked for (migrations). */
const UNBOUNDED_BUSY_MS = 60_000;

export function createDatabase(
  env: Pick<PlatformConfig, 'DATABASE_URL' | 'DATABASE_SCHEMA'> & { SQLITE_PATH: string } & Partial<
      Pick<PlatformConfig, 'DATABASE_STATEMENT_TIMEOUT_MS'>
    >,
): Database {
  // 0: no statement timeout (migrations: an index on a large table may take minutes).
  const timeoutMs = env.DATABASE_STATEMENT_TIMEOUT_MS ?? STATEMENT_TIMEOUT_MS;
  const storage = new StorageState();
  if (env.DATABASE_URL) {
    const pool = new pg.Pool({
      connectionString: env.DATABASE_URL,
      max: 10,
      types: pgTypes,
      // The server cancels a statement (waiting for a lock included) after the timeout (57014).
      options: `-c search_path=${env.DATABASE_SCHEMA} -c statement_timeout=${timeoutMs}`,
      // A server that does not answer at all (paused, a network that drops packets) cannot
      // cancel anything: pg stops waiting a second after the server should have.
      ...(timeoutMs > 0 ? { query_timeout: timeoutMs + 1_000 } : {}),
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    let report: (err: Error) => void = (err) => {
      process.stderr.write(`database connection lost: ${err.message} (the next query reconnects)\n`);
    };
    // An idle connection's error reaches the pool; one in use reaches its client (and rejects
    // the query running on it). Without a listener either would end the process.
    pool.on('error', (err) => report(err));
    pool.on('connect', (client) => client.on('error', (err) => report(err)));
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: droppingTimedOut(pool) }),
      plugins: [storage.plugin],
    });
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      reportErrorsTo: (to) => {
        report = to;
      },
      storage,
    };
  }
  ownerOnly(env.SQLITE_PATH);
  const busyMs = timeoutMs > 0 ? timeoutMs : UNBOUNDED_BUSY_MS;
  const sqlite = new SqliteDatabase(env.SQLITE_PATH, { timeout: busyMs });
  // WAL: a commit appends to the log instead of rewriting the database file; NORMAL sync is
  // durable across process crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Another process writing the file (a CLI, a backup) holds its lock at most this long before
  // a statement gives up with SQLITE_BUSY (503).
  sqlite.pragma(`busy_timeout = ${busyMs}`);
  // SQLite's own checkpoint runs after the commit that takes the WAL past 1000 pages (~4 MiB).
  // This process has one connection and no reader can hold an old snapshot, so each checkpoint
  // copies the whole log back and the next commits reuse the file from its start: the WAL
  // stays near that size. journal_size_limit shrinks the file if anything (another process
  // reading the file, a long transaction) once let it grow past the limit.
  sqlite.pragma('wal_autocheckpoint = 1000');
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: reusingStatements(sqlite) }),
    plugins: [storage.plugin],
  });
  return { db, dialect: 'sqlite', close: () => db.destroy(), reportErrorsTo: () => {}, storage };
}

/**
 * The pool as Kysely sees it, but a connection whose query pg stopped waiting for (query_timeout)
 * is closed instead of going back to the pool: its answer may still arrive, and the next query
 * on it would read it.
 */
function droppingTimedOut(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      let timedOut = false;
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      return {
        query: ((...args: unknown[]) => {
          const answer = query(...args);
          // A cursor (Kysely's streams) is not a promise: as pg answers it.
          if (!(answer instanceof Promise)) return answer;
          return answer.catch((err: unknown) => {
            if (err instanceof Error && err.message === QUERY_READ_TIMEOUT) timedOut = true;
            throw err;
          });
        }) as never,
        release: () => client.release(timedOut ? new Error(QUERY_READ_TIMEOUT) : undefined),
      };
    },
    end: () => pool.end(),
  };
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
export async function ensureSchema(
  env: Pick<PlatformConfig, 'DATABASE_URL' | 'DATABASE_SCHEMA'>,
): Promise<void> {
  if (!env.DATABASE_URL || env.DATABASE_SCHEMA === 'public') return;
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`create schema if not exists "${env.DATABASE_SCHEMA}"`);
  } finally {
    await client.end();
  }
}
