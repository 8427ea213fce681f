/**
 * The API test kit. A suite takes an app with `suiteApp(mode)` (or `startApp(mode)` when it
 * must start things first or close the app itself), then talks to it through the handle:
 * `t.signedInPlayer()`, `t.post(...)`, `t.walletRequest(...)`, `t.depositFor(...)`,
 * `t.balances(...)`, `t.checkLedger()`, ...
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { IdentityRequest } from '@mchezo/contracts/identity';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { SimulatorPaymentProvider } from '../src/adapters/payments/simulator.js';
import { type AppDeps, buildApp } from '../src/app.js';
import type { Env } from '../src/env.js';
import { seamlessKey, signSeamless } from '../src/lib/seamless-signature.js';
import type { Clock } from '../src/lib/time.js';
import { prepareStart } from '../src/startup.js';

export type DbMode = 'sqlite' | 'postgres';

/**
 * The databases a suite runs on. api/vitest.config.ts runs each file once per pass and names the
 * pass's database in MCHEZO_TEST_DB: SQLite for every file, PostgreSQL (TEST_DATABASE_URL) for the
 * files marked `// Both databases: <why>`. Outside those passes: SQLite, and PostgreSQL too when
 * TEST_DATABASE_URL is set.
 */
export const DB_MODES: DbMode[] =
  process.env.MCHEZO_TEST_DB === 'sqlite' || process.env.MCHEZO_TEST_DB === 'postgres'
    ? [process.env.MCHEZO_TEST_DB]
    : process.env.TEST_DATABASE_URL
      ? ['sqlite', 'postgres']
      : ['sqlite'];

export class TestClock implements Clock {
  constructor(private t = Date.now()) {}
  now() {
    return this.t;
  }
  advance(ms: number) {
    this.t += ms;
  }
  set(ms: number) {
    this.t = ms;
  }
}

type InjectResponse = LightMyRequestResponse;

/** A started app, with the requests and checks the tests make against it. */
export interface TestApp {
  app: FastifyInstance;
  env: Env;
  clock: TestClock;
  close(): Promise<void>;
  /** POST under /api/v1. */
  post(url: string, payload?: unknown, headers?: Record<string, string>): Promise<InjectResponse>;
  /** GET under /api/v1. */
  get(url: string, headers?: Record<string, string>): Promise<InjectResponse>;
  /**
   * Registers, verifies (test-mode code) and logs a player in, then has their identity confirmed
   * (an adult with a fresh national ID number) unless `identity: false`.
   */
  signedInPlayer(phone?: string, password?: string, options?: { identity?: boolean }): Promise<Player>;
  /**
   * The player whose own phone is `phone` (a simulator test number, say: money moves only to and
   * from a player's own phone): signed in on first use, the same player after.
   */
  playerWithPhone(phone: string): Promise<Player>;
  /** PUT /identity as the player: an adult's details with a fresh number unless given. */
  submitIdentity(player: Player, details?: Partial<IdentityRequest>): Promise<InjectResponse>;
  /**
   * POST /wallet/deposit or /wallet/withdraw as the player, in KES, to the player's own phone
   * unless `phone` is given, with an Idempotency-Key when `key` is given.
   */
  walletRequest(
    kind: 'deposit' | 'withdraw',
    player: Player,
    amount: number,
    options?: WalletRequestOptions,
  ): Promise<InjectResponse>;
  /** Deposits to the player's main pot and settles it. */
  depositFor(player: Player, amount: number): Promise<void>;
  /** Puts winnings in the player's withdrawal pot through the seamless-wallet win call. */
  creditWinnings(player: Player, amount: number): Promise<void>;
  /** GET /wallet/transactions/:id as the player: the transaction. */
  transaction(player: Player, id: string): Promise<Json>;
  balances(player: Player): Promise<{ main: number; withdrawal: number; bonus: number }>;
  /** Delivers every pending simulator callback now. */
  settlePayments(): Promise<void>;
  /** Ledger invariants: every pot equals the sum of its ledger entries, and none is negative. */
  checkLedger(): Promise<void>;
  /** The player's id as game providers know it. */
  playerRef(player: Player): Promise<string>;
  /** A signed seamless-wallet call, as a game provider makes it. */
  seamless(op: string, body: unknown, opts?: { secret?: string; ts?: number }): Promise<InjectResponse>;
}

export interface WalletRequestOptions {
  /** The M-Pesa phone to pay from or to; the player's own by default. */
  phone?: string;
  /** Sent as the Idempotency-Key header. */
  key?: string;
}

/** A log destination for an app under test (`logStream`): what the app wrote, as `text`. */
export function logCapture(): { text: string; stream: Writable } {
  const capture = {
    text: '',
    stream: new Writable({
      write(chunk, _enc, done) {
        capture.text += chunk.toString();
        done();
      },
    }),
  };
  return capture;
}

let counter = 0;

/**
 * A fresh app on a fresh database: a temp DATA_DIR (SQLite file + secrets) per app and, on
 * PostgreSQL, a schema of its own that is dropped afterwards, so parallel runs never collide.
 */
export async function startApp(
  mode: DbMode,
  overrides: Record<string, string> = {},
  deps: AppDeps = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mchezo-test-'));
  const schema = `t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const { env, database } = await prepareStart({
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
    // Out of the way of tests that deposit often; the prompt-limit test sets its own.
    DEPOSIT_PROMPTS_PER_MINUTE: '100000',
    // Untaxed by default, so the older tests keep asserting exact balances; the tax tests
    // (taxes.test.ts) pass TAXED (the production defaults) or their own rates.
    TAX_EXCISE_RATE: '0',
    TAX_WITHHOLDING_RATE: '0',
    // Staff sessions (decision 052) as long as they may be: suites sign their staff in once
    // (staff-kit.ts asStaff) and move the clock by hours or days; staff-two-factor.test.ts sets
    // the real limits it tests.
    STAFF_SESSION_IDLE_SECONDS: '86400',
    STAFF_SESSION_MAX_SECONDS: '604800',
    // No canary floors (decision 059): the guard's suites send short plans of a few loads;
    // canary-floors.test.ts sets the floors it tests, and production's defaults.
    CANARY_FLOOR_STEP_SECONDS: '3',
    CANARY_FLOOR_MIN_STEPS: '1',
    CANARY_FLOOR_MIN_LOADS: '1',
    CANARY_FLOOR_MIN_BROWSERS: '1',
    CANARY_FLOOR_MAX_ERROR_RATE_INCREASE: '10000',
    // A page's proof of its load (decision 060) as light as it may be: browsers.ts solves one per
    // page view; the attack tests mint client ids that prove nothing.
    LOAD_PROOF_BITS: '4',
    ...(mode === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
    ...overrides,
  });
  const clock = new TestClock();
  const app = buildApp(env, { logger: false, clock, database, ...deps });
  await app.ready();

  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
  const playerRef = async (player: Player) => {
    const row = await app.ctx.database.db
      .selectFrom('users')
      .select('player_ref')
      .where('id', '=', player.userId)
      .executeTakeFirstOrThrow();
    return row.player_ref;
  };
  const seamless = (op: string, body: unknown, opts: { secret?: string; ts?: number } = {}) => {
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
  };
  const submitIdentity = (player: Player, details: Partial<IdentityRequest> = {}) =>
    app.inject({
      method: 'PUT',
      url: '/api/v1/identity',
      headers: player.headers,
      payload: {
        fullName: 'Amani Wanjiru',
        dateOfBirth: '1990-05-17',
        documentType: 'national_id',
        documentNumber: freshNationalId(),
        ...details,
      },
    });
  const settlePayments = async () => {
    const p = app.ctx.payments;
    if (p instanceof SimulatorPaymentProvider) await p.settle();
  };
  const playersByPhone = new Map<string, Promise<Player>>();
  const walletRequest = (
    kind: 'deposit' | 'withdraw',
    player: Player,
    amount: number,
    { phone = player.phone, key }: WalletRequestOptions = {},
  ) =>
    post(
      `/wallet/${kind}`,
      { amount, currency: 'KES', phone_number: phone },
      key === undefined ? player.headers : { ...player.headers, 'idempotency-key': key },
    );

  return {
    app,
    env,
    clock,
    async close() {
      await app.close();
      await database.close();
      if (mode === 'postgres') await dropTestSchema(env.DATABASE_URL ?? '', schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
    post,
    get,
    async signedInPlayer(phone = freshPhone(), password = 'correct-horse', { identity = true } = {}) {
      const reg = await post('/auth/register', { phone, password });
      if (reg.statusCode !== 201) throw new Error(`register ${reg.statusCode} ${reg.body}`);
      const asked = await post('/auth/verify/request', { phone });
      if (asked.statusCode !== 200) throw new Error(`verify request ${asked.statusCode} ${asked.body}`);
      const conf = await post('/auth/verify/confirm', { phone, code: '123456' });
      if (conf.statusCode !== 200) throw new Error(`verify ${conf.statusCode} ${conf.body}`);
      const loginRes = await post('/auth/login', { phone, password });
      const login = json(loginRes);
      const player = {
        phone,
        password,
        userId: login.user.id,
        accessToken: login.access_token,
        refreshToken: refreshCookieOf(loginRes) ?? '',
        headers: bearer(login.access_token),
      };
      if (identity) {
        const res = await submitIdentity(player);
        if (res.statusCode !== 200 || json(res).status !== 'confirmed')
          throw new Error(`identity ${res.statusCode} ${res.body}`);
      }
      return player;
    },
    playerWithPhone(phone) {
      const known = playersByPhone.get(phone) ?? (this as TestApp).signedInPlayer(phone);
      playersByPhone.set(phone, known);
      return known;
    },
    submitIdentity,
    walletRequest,
    async depositFor(player, amount) {
      const res = await walletRequest('deposit', player, amount);
      if (res.statusCode !== 200) throw new Error(`deposit ${res.statusCode} ${res.body}`);
      await settlePayments();
    },
    async creditWinnings(player, amount) {
      const id = `test-win-${Math.random().toString(36).slice(2)}`;
      const res = await seamless('win', {
        transaction_id: id,
        player_id: await playerRef(player),
        round_id: id,
        game_id: 'lucky-sevens',
        amount,
        currency: 'KES',
      });
      if (res.statusCode !== 200) throw new Error(`win ${res.statusCode} ${res.body}`);
    },
    async transaction(player, id) {
      return json(await get(`/wallet/transactions/${id}`, player.headers)).transaction;
    },
    async balances(player) {
      const body = json(await get('/wallet/balance', player.headers));
      const out: Record<string, number> = {};
      for (const b of body.balances) out[b.balance_type] = b.amount;
      return out as { main: number; withdrawal: number; bonus: number };
    },
    settlePayments,
    async checkLedger() {
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
      // The money identity: every mobile-money transaction's entries (with its review
      // adjustments), across pots, tax accounts and the operator's account, sum to what came
      // in or went out: a completed deposit its gross, a withdrawal holding its reserve minus
      // the payout (amount - tax), anything else 0. So pots + tax owed = money in - money out.
      const txs = await db.selectFrom('wallet_transactions').selectAll().execute();
      const reviews = await db.selectFrom('payment_reviews').select(['id', 'transaction_id']).execute();
      const refSums = await db
        .selectFrom('ledger_entries')
        .select(['ref_id', db.fn.sum<number>('amount').as('total')])
        .groupBy('ref_id')
        .execute();
      const byRef = new Map(refSums.map((r) => [r.ref_id, Number(r.total)]));
      for (const tx of txs) {
        if (tx.status === 'review') continue;
        const refs = [tx.id, ...reviews.filter((r) => r.transaction_id === tx.id).map((r) => r.id)];
        const booked = refs.reduce((sum, ref) => sum + (byRef.get(ref) ?? 0), 0);
        const expected =
          tx.type === 'deposit'
            ? tx.status === 'completed'
              ? tx.amount
              : 0
            : tx.status === 'pending' || tx.status === 'completed'
              ? -(tx.amount - tx.tax_amount)
              : 0;
        if (booked !== expected)
          throw new Error(
            `money identity broken for ${tx.type} ${tx.id} (${tx.status}): ${booked} != ${expected}`,
          );
      }
      // Tax owed equals the tax of the transactions that carry it.
      for (const [pot, kind, live] of [
        ['tax_excise', 'deposit', ['completed']],
        ['tax_withholding', 'withdrawal', ['pending', 'completed']],
      ] as const) {
        const owed = Number(
          (
            await db
              .selectFrom('ledger_entries')
              .select(db.fn.sum<number>('amount').as('t'))
              .where('pot', '=', pot)
              .executeTakeFirst()
          )?.t ?? 0,
        );
        const due = txs
          .filter((t) => t.type === kind && (live as readonly string[]).includes(t.status))
          .reduce((sum, t) => sum + Number(t.tax_amount), 0);
        if (!txs.some((t) => t.status === 'review') && owed !== due)
          throw new Error(`${pot}: ledger ${owed} != transactions ${due}`);
      }
    },
    playerRef,
    seamless,
  };
}

/** Drops a test's own PostgreSQL schema (each app or process of a test runs in one). */
export async function dropTestSchema(connectionString: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
}

/** The production tax defaults (5% excise deducted, 5% withholding on the amount withdrawn). */
export const TAXED = { TAX_EXCISE_RATE: '500', TAX_WITHHOLDING_RATE: '500' };

/**
 * One app for the enclosing describe block: started before its first test, closed after its
 * last. The handle is filled in when the block starts, so use it in hooks and tests only.
 */
export function suiteApp(mode: DbMode, overrides: Record<string, string> = {}, deps: AppDeps = {}): TestApp {
  const handle = {} as TestApp;
  beforeAll(async () => {
    Object.assign(handle, await startApp(mode, overrides, deps));
  });
  afterAll(() => handle.close?.());
  return handle;
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field by the assertions
export type Json = any;
export const json = (res: LightMyRequestResponse) => res.json() as Record<string, Json>;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A refresh token as a client sends it: in the refresh cookie (docs/decisions/034-session-cookies.md). */
export const refreshCookie = (token: string) => ({ cookie: `mchezo_refresh=${token}` });

/** The refresh token a response set in the refresh cookie; '' when it cleared it, undefined when neither. */
export function refreshCookieOf(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const cookies = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  const cookie = cookies.find((c) => c.startsWith('mchezo_refresh='));
  return cookie === undefined ? undefined : cookie.slice('mchezo_refresh='.length).split(';')[0];
}

let idCounter = 0;
/**
 * A fresh 8-digit national ID number per call, unique within a test process; it ends in 1, so
 * the identity simulator confirms it (api/README.md "Identity checks").
 */
export function freshNationalId(): string {
  idCounter++;
  return String(10_000_001 + ((process.pid * 100 + idCounter) % 8_999_999) * 10).slice(0, 8);
}

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
