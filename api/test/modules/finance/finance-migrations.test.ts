/**
 * The migrations that made finance one module (docs/decisions/069-finance-one-module.md), run
 * over rows written before them: 0049 stores the role as `finance`; 0050 moves the payment audit
 * into the staff audit, by user id, keeping the phone of a row that matches no account.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database, ensureSchema } from '../../../src/db/database.js';
import { migrateToLatest } from '../../../src/db/migrations.js';
import { DB_MODES } from '../../helpers.js';

describe.each(DB_MODES)('finance migrations (%s)', (mode) => {
  let dir: string | undefined;
  let database: Database | undefined;
  const schema = `t_fin_${process.pid}_${Date.now().toString(36)}`;
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

  /** A database migrated up to `upTo`, as one written before finance's migrations. */
  async function databaseAt(upTo: string) {
    dir = mkdtempSync(join(tmpdir(), 'mig-'));
    env.SQLITE_PATH = join(dir, 'app.db');
    await ensureSchema(env);
    database = createDatabase(env);
    await migrateToLatest(database.db as never, upTo);
    return database.db;
  }

  const user = (id: string, phone: string, roles: string) =>
    sql`insert into users (id, phone, username, password_hash, roles, status, player_ref, created_at, updated_at)
      values (${id}, ${phone}, ${id}, 'x', ${roles}, 'active', ${`ref-${id}`}, 1, 1)`;

  it('0049 renames the stored payments_operator role finance, in every list and pending grant', async () => {
    const db = await databaseAt('0048_staff_role_grants');
    for (const [id, roles] of [
      ['u1', 'user,payments_operator'],
      ['u2', 'payments_operator,admin'],
      ['u3', 'user,support,payments_operator,compliance'],
      ['u4', 'user,payments_operatorx'],
      ['u5', 'payments_operator'],
      ['u6', 'user'],
    ] as const)
      await user(id, `+25470000001${id.slice(1)}`, roles).execute(db);
    await sql`insert into staff_role_grants (id, user_id, role, status, proposed_by, reason, created_at, expires_at)
      values ('g1', 'u6', 'payments_operator', 'pending', 'u2', 'new hire', 1, 2),
             ('g2', 'u6', 'admin', 'pending', 'u2', 'new hire', 1, 2)`.execute(db);
    await migrateToLatest(db as never);
    const users = await sql<{ id: string; roles: string }>`select id, roles from users order by id`.execute(
      db,
    );
    expect(users.rows).toEqual([
      { id: 'u1', roles: 'user,finance' },
      { id: 'u2', roles: 'finance,admin' },
      { id: 'u3', roles: 'user,support,finance,compliance' },
      { id: 'u4', roles: 'user,payments_operatorx' },
      { id: 'u5', roles: 'finance' },
      { id: 'u6', roles: 'user' },
    ]);
    const grants = await sql<{
      id: string;
      role: string;
    }>`select id, role from staff_role_grants order by id`.execute(db);
    expect(grants.rows).toEqual([
      { id: 'g1', role: 'finance' },
      { id: 'g2', role: 'admin' },
    ]);
  });

  it('0050 moves every payment audit row into the staff audit and drops payment_audit', async () => {
    const db = await databaseAt('0049_finance_role');
    await user('u1', '+254700000021', 'user,finance').execute(db);
    await sql`insert into payment_audit (id, actor, action, subject_type, subject_id, before, after, note, created_at)
      values ('01a00000-0000-7000-8000-000000000001', '+254700000021', 'transaction.failed', 'transaction', 't1',
                '{"status":"review"}', '{"status":"failed"}', 'reversed by Safaricom', 1000),
             ('01a00000-0000-7000-8000-000000000002', '+254700000099', 'tax_rate.schedule', 'tax_rate', 'r1',
                '{"rate_bp":500}', '{"rate_bp":2000}', 'Finance Act', 2000)`.execute(db);
    await sql`insert into staff_audit (id, at, actor_user_id, action, target_user_id, target, before, after, reason, ip)
      values ('01a00000-0000-7000-8000-000000000003', 3000, 'u1', 'payments.adjustment_proposed', 'u1',
              'adjustment:a1', null, '{"amount_cents":100}', 'goodwill', '127.0.0.1')`.execute(db);
    await migrateToLatest(db as never);
    const rows = await sql<Record<string, unknown>>`select id, at, actor_user_id, actor_phone, action, target,
        before, after, reason from staff_audit order by id`.execute(db);
    expect(rows.rows.map((r) => ({ ...r, at: Number(r.at) }))).toEqual([
      {
        id: '01a00000-0000-7000-8000-000000000001',
        at: 1000,
        actor_user_id: 'u1',
        actor_phone: null,
        action: 'finance.transaction_failed',
        target: 'transaction:t1',
        before: '{"status":"review"}',
        after: '{"status":"failed"}',
        reason: 'reversed by Safaricom',
      },
      {
        id: '01a00000-0000-7000-8000-000000000002',
        at: 2000,
        actor_user_id: null,
        actor_phone: '+254700000099',
        action: 'finance.tax_rate_scheduled',
        target: 'tax_rate:r1',
        before: '{"rate_bp":500}',
        after: '{"rate_bp":2000}',
        reason: 'Finance Act',
      },
      {
        id: '01a00000-0000-7000-8000-000000000003',
        at: 3000,
        actor_user_id: 'u1',
        actor_phone: null,
        action: 'finance.adjustment_proposed',
        target: 'adjustment:a1',
        before: null,
        after: '{"amount_cents":100}',
        reason: 'goodwill',
      },
    ]);
    await expect(sql`select count(*) from payment_audit`.execute(db)).rejects.toThrow();
  });
});
