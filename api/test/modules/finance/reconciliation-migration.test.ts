import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database, ensureSchema } from '../../../src/db/database.js';
import { migrateToLatest } from '../../../src/db/migrations.js';
import { DB_MODES } from '../../helpers.js';

// Both databases: migrations: a migration's SQL runs on both engines.
describe.each(DB_MODES)('migration 0006_reconcile_schedule (%s)', (mode) => {
  let dir: string | undefined;
  let database: Database | undefined;
  const schema = `t_mig_${process.pid}_${Date.now().toString(36)}`;
  const env = {
    DATABASE_URL: mode === 'postgres' ? (process.env.TEST_DATABASE_URL ?? '') : '',
    DATABASE_SCHEMA: schema,
    SQLITE_PATH: '',
  };
  afterEach(async () => {
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (mode === 'postgres') {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    }
  });

  it('makes existing pending transactions due at once and leaves settled ones unscheduled', async () => {
    dir = mkdtempSync(join(tmpdir(), 'mig-'));
    env.SQLITE_PATH = join(dir, 'app.db');
    await ensureSchema(env);
    database = createDatabase(env);
    const db = database.db;
    await migrateToLatest(db as never, '0004_payment_review');
    await sql`insert into users (id, phone, username, password_hash, roles, status, player_ref, created_at, updated_at)
      values ('u1', '+254700000099', 'u1', 'x', 'player', 'active', 'ref1', 1, 1)`.execute(db);
    for (const [id, status, createdAt] of [
      ['t-pending', 'pending', 1_000],
      ['t-done', 'completed', 2_000],
    ] as const) {
      await sql`insert into wallet_transactions (id, user_id, type, status, amount, currency, phone_number,
          payment_method, provider, idempotency_key, request_hash, created_at, updated_at)
        values (${id}, 'u1', 'deposit', ${status}, 100, 'KES', '+254700000099', 'mobile_money', 'simulator',
          ${id}, 'h', ${createdAt}, ${createdAt})`.execute(db);
    }
    await migrateToLatest(db as never);
    const rows = await db
      .selectFrom('wallet_transactions')
      .select(['id', 'next_check_at', 'check_count'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 't-done', next_check_at: null, check_count: 0 },
      { id: 't-pending', next_check_at: 1_000, check_count: 0 },
    ]);
  });
});
