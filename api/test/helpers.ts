import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { SimulatorPaymentProvider } from '../src/adapters/payments/simulator.js';
import { type AppDeps, buildApp } from '../src/app.js';
import { type Env, loadEnv } from '../src/env.js';
import type { Clock } from '../src/lib/time.js';
import { seamlessKey, signSeamless } from '../src/modules/casino/seamless.routes.js';

export type DbMode = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI does so when a server answers). */
export const DB_MODES: DbMode[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export class TestClock implements Clock {
  constructor(private t = Date.now()) {}
  now() {
    return this.t;
  }
  advance(ms: number) {
    this.t += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  env: Env;
  clock: TestClock;
  close(): Promise<void>;
}

let counter = 0;

/**
 * A fresh app on a fresh database: a temp DATA_DIR (SQLite file + secrets) per app and, on
 * PostgreSQL, a schema of its own that is dropped afterwards, so parallel runs never collide.
 */
export async function createTestApp(
  mode: DbMode,
  overrides: Record<string, string> = {},
  deps: AppDeps = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mchezo-test-'));
  const schema = `t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: 'http://127.0.0.1:8080',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    // Callbacks wait for settlePayments() (deterministic); the concurrency test sets 0.
    SIMULATOR_DELAY_MS: '600000',
    RECONCILE_INTERVAL_SECONDS: '0',
    RECONCILE_AFTER_SECONDS: '60',
    RATE_LIMIT_PER_IP: '100000',
    RATE_LIMIT_PER_PHONE: '100000',
    ...(mode === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
    ...overrides,
  });
  const clock = new TestClock();
  const app = buildApp(env, { logger: false, clock, ...deps });
  await app.ready();
  return {
    app,
    env,
    clock,
    async close() {
      await app.close();
      if (mode === 'postgres') {
        const client = new pg.Client({ connectionString: env.DATABASE_URL });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field by the assertions
export type Json = any;
export const json = (res: LightMyRequestResponse) => res.json() as Record<string, Json>;

export function post(
  app: FastifyInstance,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });
}

export function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let phoneCounter = 0;
/** A fresh valid Kenyan phone per call (7xx xxx xxx), unique within a test process. */
export function freshPhone(): string {
  phoneCounter++;
  return `+2547${String(10_000_000 + ((process.pid * 1000 + phoneCounter) % 89_999_999)).slice(0, 8)}`;
}

export interface Player {
  phone: string;
  password: string;
  userId: string;
  accessToken: string;
  refreshToken: string;
  headers: Record<string, string>;
}

/** Registers, verifies (test-mode code) and logs a player in. */
export async function createPlayer(
  app: FastifyInstance,
  phone = freshPhone(),
  password = 'correct-horse',
): Promise<Player> {
  const reg = await post(app, '/auth/register', { phone, password });
  if (reg.statusCode !== 201) throw new Error(`register ${reg.statusCode} ${reg.body}`);
  const conf = await post(app, '/auth/verify/confirm', { phone, code: '123456' });
  if (conf.statusCode !== 200) throw new Error(`verify ${conf.statusCode} ${conf.body}`);
  const login = json(await post(app, '/auth/login', { phone, password }));
  return {
    phone,
    password,
    userId: login.user.id,
    accessToken: login.access_token,
    refreshToken: login.refresh_token,
    headers: bearer(login.access_token),
  };
}

export async function playerRefOf(app: FastifyInstance, userId: string): Promise<string> {
  const row = await app.ctx.database.db
    .selectFrom('users')
    .select('player_ref')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.player_ref;
}

/** A signed seamless-wallet call, as a game provider makes it. */
export function seamless(
  app: FastifyInstance,
  op: string,
  body: unknown,
  opts: { secret?: string; ts?: number } = {},
) {
  const raw = JSON.stringify(body);
  const ts = opts.ts ?? Math.floor(app.ctx.clock.now() / 1000);
  const key = seamlessKey(opts.secret ?? app.ctx.env.GAME_PROVIDER_SECRET);
  return app.inject({
    method: 'POST',
    url: `/api/v1/casino/seamless/${op}`,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': String(ts),
      'x-signature': signSeamless(key, ts, raw),
    },
    payload: raw,
  });
}

/** Puts winnings in the player's withdrawal pot through the seamless-wallet win call. */
export async function creditWinnings(app: FastifyInstance, userId: string, amount: number): Promise<void> {
  const player_id = await playerRefOf(app, userId);
  const id = `test-win-${Math.random().toString(36).slice(2)}`;
  const res = await seamless(app, 'win', {
    transaction_id: id,
    player_id,
    round_id: id,
    game_id: 'lucky-sevens',
    amount,
    currency: 'KES',
  });
  if (res.statusCode !== 200) throw new Error(`win ${res.statusCode} ${res.body}`);
}

export async function settlePayments(app: FastifyInstance): Promise<void> {
  const p = app.ctx.payments;
  if (p instanceof SimulatorPaymentProvider) await p.settle();
}

export async function balances(app: FastifyInstance, headers: Record<string, string>) {
  const body = json(await get(app, '/wallet/balance', headers));
  const out: Record<string, number> = {};
  for (const b of body.balances) out[b.balance_type] = b.amount;
  return out as { main: number; withdrawal: number; bonus: number };
}

/** Ledger invariants: every pot equals the sum of its ledger entries, and none is negative. */
export async function checkLedger(app: FastifyInstance): Promise<void> {
  const db = app.ctx.database.db;
  const wallets = await db.selectFrom('wallets').selectAll().execute();
  const sums = await db
    .selectFrom('ledger_entries')
    .select(['user_id', 'pot', db.fn.sum<number>('amount').as('total')])
    .groupBy(['user_id', 'pot'])
    .execute();
  for (const w of wallets) {
    for (const pot of ['main', 'withdrawal', 'bonus'] as const) {
      const total = Number(sums.find((s) => s.user_id === w.user_id && s.pot === pot)?.total ?? 0);
      if (w[pot] !== total)
        throw new Error(`ledger mismatch for ${w.user_id}/${pot}: wallet ${w[pot]} ledger ${total}`);
      if (w[pot] < 0) throw new Error(`negative pot ${pot} for ${w.user_id}`);
    }
  }
}
