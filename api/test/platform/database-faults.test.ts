/**
 * The database's own faults, injected with the drivers' real errors (docs/decisions/064-storage-
 * and-timeouts.md): a full disk (SQLite's SQLITE_FULL from `PRAGMA max_page_count`, PostgreSQL's
 * 53100 disk_full raised by a trigger) answers 503 + Retry-After and readiness says so until a
 * write succeeds again; a statement held up by a lock (another connection's on either database)
 * answers 503 + Retry-After after DATABASE_STATEMENT_TIMEOUT_MS, never a 500 and never a hang.
 */
import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_MODES, freshPhone, json, startApp, type TestApp } from '../helpers.js';

const register = (t: TestApp) => t.post('/auth/register', { phone: freshPhone(), password: 'correct-horse' });

// Both databases: the database's own faults: lost connections, timeouts, locks held.
describe.each(DB_MODES)('database faults (%s)', (mode) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** Makes the database refuse to grow: any write that needs more room fails as a full disk does. */
  async function fillTheDisk(app: TestApp) {
    const db = app.app.ctx.database.db;
    if (mode === 'sqlite') {
      const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
      await sql.raw(`pragma max_page_count = ${rows[0]?.page_count}`).execute(db);
      return () => sql.raw('pragma max_page_count = 1073741823').execute(db);
    }
    await sql`
      create function full_disk() returns trigger language plpgsql as $$
      begin
        raise exception 'could not extend file: No space left on device' using errcode = 'disk_full';
      end $$`.execute(db);
    await sql`create trigger full_disk before insert on users for each row execute function full_disk()`.execute(
      db,
    );
    return () => sql`drop trigger full_disk on users`.execute(db);
  }

  it('a full disk: 503 + Retry-After (not 500), readiness 503 with the reason until a write succeeds', async () => {
    t = await startApp(mode);
    const app = t;
    expect((await register(app)).statusCode).toBe(201);
    const freeSpace = await fillTheDisk(app);
    // Until the file has no free page left, registrations still fit.
    let refused = await register(app);
    for (let i = 0; i < 500 && refused.statusCode === 201; i++) refused = await register(app);
    expect(refused.statusCode).toBe(503);
    expect(json(refused)).toEqual({ error: expect.any(String), code: 'STORAGE_FULL' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const notReady = await app.get('/health/ready');
    expect(notReady.statusCode).toBe(503);
    expect(json(notReady)).toMatchObject({ code: 'STORAGE_FULL', error: expect.stringMatching(/full/i) });
    expect(Number(notReady.headers['retry-after'])).toBeGreaterThan(0);
    // Liveness is not readiness: the process is fine.
    expect((await app.get('/health')).statusCode).toBe(200);

    await freeSpace();
    // Still not ready: nothing has been written since.
    expect((await app.get('/health/ready')).statusCode).toBe(503);
    expect((await register(app)).statusCode).toBe(201);
    expect((await app.get('/health/ready')).statusCode).toBe(200);
  });

  it('a statement held up by a lock answers 503 + Retry-After after the statement timeout', async () => {
    t = await startApp(mode, { DATABASE_STATEMENT_TIMEOUT_MS: '300' });
    const app = t;
    // Another connection holds the lock a registration needs, for as long as the test says.
    let unlock: () => Promise<void>;
    if (mode === 'sqlite') {
      const other = new Sqlite(app.env.SQLITE_PATH);
      other.prepare('begin immediate').run();
      unlock = async () => {
        other.prepare('rollback').run();
        other.close();
      };
    } else {
      const other = new pg.Client({ connectionString: app.env.DATABASE_URL });
      await other.connect();
      await other.query('begin');
      await other.query(`lock table "${app.env.DATABASE_SCHEMA}".users in access exclusive mode`);
      unlock = async () => {
        await other.query('rollback');
        await other.end();
      };
    }
    try {
      const held = await register(app);
      expect(held.statusCode).toBe(503);
      expect(json(held)).toEqual({ error: expect.any(String), code: 'DATABASE_TIMEOUT' });
      expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await unlock();
    }
    expect((await register(app)).statusCode).toBe(201);
  }, 10_000);
});
