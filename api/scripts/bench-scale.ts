// `npm run bench:scale`: the data-scale benchmark (docs/decisions/047-data-scale.md).
// On PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
// in two fresh schemas of its own (dropped at the end unless BENCH_KEEP=1 keeps the big one):
//   1. migrates both, signs one player up in each, and generates in the big one BENCH_PLAYERS
//      players (100,000) with 50 ledger entries each (5,000,000), with the wallet and game
//      transactions and outbox events those imply, set-based (INSERT … SELECT generate_series),
//      the measured player one in the middle, then ANALYZE;
//   2. measures on both databases turn about (so the shared machine's load weighs on both alike),
//      median of BENCH_RUNS (20): the player's balance and first transactions page
//      (GET /wallet/balance and GET /wallet/transactions through fastify.inject), the tax report
//      for a month (TaxReportService), the money-laundering job's round over one new deposit and
//      withdrawal (AmlMonitor's job), and the regulator feed's delivery of BENCH_FEED_EVENTS
//      events in batches of REGULATOR_FEED_BATCH_SIZE to the receiver simulator
//      (RegulatorFeedService's job);
//   3. prints each measured query's plan summary (full plans in a file) and the table: empty,
//      big, big/empty (and, with BENCH_BEFORE=1, the big one without the indexes it leans on).
// BENCH_SCHEMA=<name> with BENCH_KEEP=1 on an earlier run reuses its big data (migrating what
// is new, e.g. an index); the empty side is made afresh.
// Prints numbers; no test asserts a time.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { KyselyPlugin, PluginTransformQueryArgs, QueryId, RootOperationNode } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import type { AppContext } from '../src/context.js';
import { inTransaction } from '../src/db/tx.js';
import { newId } from '../src/lib/crypto.js';
import { AmlMonitor } from '../src/modules/aml/aml-monitor.service.js';
import { TaxReportService } from '../src/modules/finance/tax-report.service.js';
import { FeedReplayService } from '../src/modules/regulator-feed/feed-replay.service.js';
import { startFeedReceiver } from '../src/modules/regulator-feed/receiver-simulator.js';
import { RegulatorFeedService } from '../src/modules/regulator-feed/regulator-feed.service.js';
import { bookingsOf } from '../src/modules/wallet/taxes.js';
import { insertTxOnce, type WalletTxRow } from '../src/modules/wallet/transactions.repository.js';
import { bookEntries } from '../src/modules/wallet/wallet.repository.js';
import { WalletService } from '../src/modules/wallet/wallet.service.js';
import { prepareBench } from './bench-app.js';

/** The services the cases time, built as their modules build them, over `ctx`'s recordable pool. */
function benchServices(ctx: AppContext, audit: ConstructorParameters<typeof FeedReplayService>[1]) {
  return {
    wallet: new WalletService(ctx, ctx.env),
    taxReport: new TaxReportService(ctx, ctx.env),
    amlMonitor: new AmlMonitor(ctx, ctx.env),
    regulatorFeed: new RegulatorFeedService(ctx, ctx.env),
    feedReplays: new FeedReplayService(ctx, audit),
  };
}

const URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100_000);
const CYCLES = 5; // per player; 10 ledger entries a cycle: 50 a player
const FEED_EVENTS = Number(process.env.BENCH_FEED_EVENTS ?? 1000);
const KEEP = process.env.BENCH_KEEP === '1';
const reuse = process.env.BENCH_SCHEMA;
const schema = reuse ?? `bench_scale_${process.pid}`;
const SECRET = 'bench-scale-feed-secret-0123456789';
const PHONE = '+254799999901';
const PASSWORD = 'bench-scale-password';
const DAY = 86_400_000;
/** Untimed calls before each measure's timed ones (the first calls compile code paths). */
const WARMUP = 5;

const log = (line: string) => process.stdout.write(`${line}\n`);
const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));

// ── The app, as the server builds it ─────────────────────────────────────────────────────────
const receiver = await startFeedReceiver(SECRET);
/** Records the queries the services send while `recording` is set, for their plans. */
let recording: { node: RootOperationNode; queryId: QueryId }[] | null = null;
const recorder: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs) {
    recording?.push({ node: args.node, queryId: args.queryId });
    return args.node;
  },
  transformResult: async (args) => args.result,
};

/**
 * One database to measure: the app migrated into `name`, its services (queries recordable) and a
 * plain connection for generation, plans and indexes. The empty and the big database are two of
 * these, measured turn about so the machine's load weighs on both alike.
 */
async function openSide(name: string) {
  const t0 = performance.now();
  const { env, database, removeDataDir } = await prepareBench('scale', URL, name, {
    OTP_MODE: 'test',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    RATE_LIMIT_PER_IP: '1000000',
    RATE_LIMIT_PER_PHONE: '1000000',
    TAX_EXCISE_RATE: '500',
    TAX_WITHHOLDING_RATE: '500',
    REGULATOR_FEED_URL: receiver.url,
    REGULATOR_FEED_SECRET: SECRET,
  });
  log(`schema ${name}: migrated in ${ms(performance.now() - t0)} ms`);
  const app = buildApp(env, { logger: false, database });
  await app.ready();
  // The services the cases time, over the same pool, their queries recordable.
  const ctx = { ...app.ctx, database: { ...app.ctx.database, db: app.ctx.database.db.withPlugin(recorder) } };
  const admin = new pg.Client({ connectionString: URL, options: `-c search_path=${name}` });
  await admin.connect();
  return {
    name,
    app,
    database,
    services: benchServices(ctx, app.staff.audit),
    db: ctx.database.db,
    admin,
    async close(drop: boolean) {
      await app.close();
      await database.close();
      if (drop) await admin.query(`drop schema if exists "${name}" cascade`);
      else log(`schema kept: BENCH_SCHEMA=${name}`);
      await admin.end();
      removeDataDir();
    },
  };
}
type Side = Awaited<ReturnType<typeof openSide>>;

async function call(s: Side, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token?: string) {
  const res = await s.app.inject({
    method,
    url: `/api/v1${url}`,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json() as unknown;
}

async function login(s: Side): Promise<{ token: string; userId: string }> {
  const body = (await call(s, 'POST', '/auth/login', { phone: PHONE, password: PASSWORD })) as {
    access_token: string;
    user: { id: string };
  };
  return { token: body.access_token, userId: body.user.id };
}

// ── Measures ─────────────────────────────────────────────────────────────────────────────────
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** A measure's timed call and its untimed preparation. */
type Step = [() => Promise<unknown>, (() => Promise<unknown>)?];

/**
 * The medians of `runs` timed calls of each step (after WARMUP untimed), `prepare` untimed
 * before each call. The steps take turns, the first going first in even rounds and last in odd
 * ones, so a busy moment of the machine lands on all of them alike and their ratio holds.
 */
async function measure(steps: Step[], runs = RUNS): Promise<number[]> {
  const times: number[][] = steps.map(() => []);
  for (let i = 0; i < runs + WARMUP; i++) {
    const order = i % 2 ? [...steps.keys()].reverse() : [...steps.keys()];
    for (const k of order) {
      const [fn, prepare] = steps[k]!;
      await prepare?.();
      const start = performance.now();
      await fn();
      if (i >= WARMUP) times[k]!.push(performance.now() - start);
    }
  }
  return times.map(median);
}

/** A completed mobile-money transaction of the player, booked as settlement books it. */
function walletTx(userId: string, type: 'deposit' | 'withdrawal', amount: number, now: number): WalletTxRow {
  const id = newId();
  return {
    id,
    user_id: userId,
    type,
    status: 'completed',
    amount,
    currency: 'KES',
    phone_number: PHONE,
    payment_method: 'mobile_money',
    provider: 'simulator',
    provider_ref: `bench-${id}`,
    idempotency_key: `bench-${id}`,
    request_hash: 'bench',
    failure_reason: null,
    created_at: now,
    updated_at: now,
    settled_at: now,
    next_check_at: null,
    check_count: 0,
    tax_kind: type === 'deposit' ? 'excise' : 'withholding',
    tax_amount: Math.floor(amount / 20),
    tax_mode: type === 'deposit' ? 'deduct' : null,
  };
}

/** One new deposit (1,000 KES), a win (100 KES) and a withdrawal (100 KES), each in its transaction. */
async function newMoney({ database }: Side, userId: string) {
  const now = Date.now();
  const deposit = walletTx(userId, 'deposit', 100_000, now);
  await inTransaction(database, async (trx) => {
    await insertTxOnce(trx, deposit);
    await bookEntries(trx, userId, bookingsOf(deposit, 'completed'), deposit.id, now);
  });
  await inTransaction(database, (trx) =>
    bookEntries(
      trx,
      userId,
      [{ pot: 'withdrawal', amount: 10_000, kind: 'win' }],
      `bench-win-${newId()}`,
      now,
    ),
  );
  const withdrawal = walletTx(userId, 'withdrawal', 10_000, now);
  await inTransaction(database, async (trx) => {
    await insertTxOnce(trx, withdrawal);
    await bookEntries(trx, userId, bookingsOf(withdrawal, 'pending'), withdrawal.id, now);
  });
}

async function lastSequence({ admin }: Side): Promise<number> {
  const { rows } = await admin.query(
    'select coalesce(max(sequence), 0)::bigint as s from regulator_feed_events',
  );
  return Number(rows[0].s);
}

/** Delivers every undelivered event (untimed; the measures start from an empty backlog). */
async function drainFeed({ services }: Side) {
  for (;;) {
    const round = await services.regulatorFeed.job.runOnce();
    if (!round.leader) throw new Error('the feed job did not take its lease');
    if (round.result.failed) throw new Error(`feed delivery failed: ${round.result.failed}`);
    if (round.result.delivered === 0) return;
  }
}

/** The month in the middle of the generated year, as the tax report's query. */
function reportMonth(start: number) {
  const mid = new Date(start + 182 * DAY);
  const y = mid.getUTCFullYear();
  const m = mid.getUTCMonth();
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const mm = String(m + 1).padStart(2, '0');
  return { period: 'month' as const, from: `${y}-${mm}-01`, to: `${y}-${mm}-${last}` };
}

type Figures = Record<string, number>;
const LABELS: Record<string, string> = {
  balance: 'GET /wallet/balance (ms)',
  transactions: 'GET /wallet/transactions, first page (ms)',
  taxReport: 'tax report, a month of the data (ms)',
  taxReportQuiet: 'tax report, a month without entries (ms)',
  aml: 'AML round: 1 deposit + 1 withdrawal (ms)',
  feed: `feed: ${FEED_EVENTS} events delivered (ms)`,
};

/** The measured player of a side, and the month its tax report covers. */
interface Subject {
  side: Side;
  userId: string;
  token: string;
  month: ReturnType<typeof reportMonth>;
}

/** Each measure of a subject: its timed call and its untimed preparation. */
function measures({ side: s, userId, token, month }: Subject): Record<string, Step> {
  const { services } = s;
  const quiet = reportMonth(Date.now() + 40 * DAY);
  return {
    balance: [() => call(s, 'GET', '/wallet/balance', undefined, token)],
    transactions: [() => call(s, 'GET', '/wallet/transactions', undefined, token)],
    taxReport: [() => services.taxReport.report(month)],
    taxReportQuiet: [() => services.taxReport.report(quiet)],
    aml: [
      async () => {
        const round = await services.amlMonitor.job.runOnce();
        if (!round.leader || round.result.events < 5) throw new Error(`AML round: ${JSON.stringify(round)}`);
      },
      () => newMoney(s, userId),
    ],
    // The feed: the last FEED_EVENTS events delivered again (replay), in batches, as the job does.
    feed: [
      async () => {
        let delivered = 0;
        while (delivered < FEED_EVENTS) {
          const round = await services.regulatorFeed.job.runOnce();
          if (!round.leader || round.result.failed || round.result.delivered === 0)
            throw new Error(`feed round: ${JSON.stringify(round)}`);
          delivered += round.result.delivered;
        }
      },
      async () =>
        services.feedReplays.replay(BENCH_ACTOR, (await lastSequence(s)) - FEED_EVENTS + 1, 'bench'),
    ],
  };
}

/** Who the bench's replays are audited as (the one replay path, feed-replay.service.ts, audits every replay). */
const BENCH_ACTOR = { userId: 'bench', ip: null };

/** Every measure on every subject, taking turns: the figures of each subject. */
async function measureAll(subjects: Subject[]): Promise<Figures[]> {
  const figures: Figures[] = subjects.map(() => ({}));
  for (const { side } of subjects) await drainFeed(side);
  const steps = subjects.map(measures);
  for (const name of Object.keys(steps[0]!)) {
    const medians = await measure(steps.map((m) => m[name]!));
    medians.forEach((m, k) => {
      figures[k]![name] = m;
    });
  }
  for (const f of figures) f.feedRate = FEED_EVENTS / (f.feed! / 1000);
  return figures;
}

/**
 * The indexes the big database's measures lean on (their plans), by measure. BENCH_BEFORE=1
 * drops each group, measures its measure again (BENCH_BEFORE_RUNS, 5) and creates it again from
 * its own definition: the figures without them.
 */
const LEANS_ON: Record<string, string[]> = {
  transactions: ['wallet_tx_user_idx'],
  taxReport: ['ledger_pot_time_idx'],
  taxReportQuiet: ['ledger_pot_time_idx'],
  aml: ['aml_ledger_user_kind_time_idx', 'aml_wallet_tx_phone_idx'],
  feed: ['regulator_feed_events_undelivered_idx'],
};

async function withoutIndexes(big: Subject) {
  const { admin } = big.side;
  const runs = Number(process.env.BENCH_BEFORE_RUNS ?? 5);
  const all = measures(big);
  const f: Figures = {};
  for (const [name, indexes] of Object.entries(LEANS_ON)) {
    const { rows } = await admin.query(
      'select indexname, indexdef from pg_indexes where schemaname = current_schema() and indexname = any($1)',
      [indexes],
    );
    for (const r of rows) await admin.query(`drop index "${r.indexname}"`);
    try {
      f[name] = (await measure([all[name]!], runs))[0]!;
    } finally {
      const began = performance.now();
      for (const r of rows) await admin.query(r.indexdef);
      log(
        `  ${name} without ${indexes.join(', ')}: ${ms(f[name] ?? Number.NaN)} ms (index rebuilt in ${((performance.now() - began) / 1000).toFixed(0)} s)`,
      );
    }
  }
  return f;
}

// ── Query plans of the measured calls ─────────────────────────────────────────────────────────
async function plans({ side, userId, month }: Subject, file: string) {
  const { services, db, admin } = side;
  const calls: [string, () => Promise<unknown>, (() => Promise<unknown>)?][] = [
    ['balance', () => services.wallet.balances(userId)],
    ['transactions', () => services.wallet.list(userId, {})],
    ['taxReport', () => services.taxReport.report(month)],
    ['aml', () => services.amlMonitor.job.runOnce(), () => newMoney(side, userId)],
    [
      'feed',
      () => services.regulatorFeed.job.runOnce(),
      async () => services.feedReplays.replay(BENCH_ACTOR, (await lastSequence(side)) - 99, 'bench'),
    ],
  ];
  const out: string[] = [];
  for (const [name, fn, prepare] of calls) {
    await prepare?.();
    recording = [];
    await fn();
    const queries = recording;
    recording = null;
    const seen = new Set<string>();
    for (const q of queries) {
      const { sql, parameters } = db.getExecutor().compileQuery(q.node, q.queryId);
      if (
        seen.has(sql) ||
        /^(begin|commit|rollback)/i.test(sql) ||
        !/^\s*(select|update|insert|delete|with)/i.test(sql)
      )
        continue;
      seen.add(sql);
      await admin.query('begin');
      let plan: string[];
      try {
        const { rows } = await admin.query(
          `explain (analyze, buffers, costs off) ${sql}`,
          parameters as unknown[],
        );
        plan = rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
      } finally {
        await admin.query('rollback');
      }
      const exec = plan.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
      const seqs = [...new Set(plan.flatMap((l) => l.match(/Seq Scan on \w+/g) ?? []))].join(', ');
      log(
        `  ${name.padEnd(12)} ${exec.padStart(12)}  ${seqs ? `[${seqs}] ` : ''}${sql.replace(/\s+/g, ' ').slice(0, 110)}`,
      );
      out.push(`-- ${name}\n${sql}\n${JSON.stringify(parameters)}\n${plan.join('\n')}\n`);
    }
  }
  writeFileSync(file, out.join('\n'));
  log(`  full plans: ${file}`);
}

// ── Generation: set-based, consistent with what the app writes ─────────────────────────────────
async function generate(side: Side, userId: string) {
  const { admin } = side;
  const { rows: me } = await admin.query(
    'select phone, player_ref, password_hash, roles from users where id = $1',
    [userId],
  );
  const { phone, player_ref: ref, password_hash: hash, roles } = me[0];
  const mid = Math.floor(PLAYERS / 2);
  const n = CYCLES * PLAYERS;
  const end = Date.now() - DAY;
  const start = end - 365 * DAY;
  const step = Math.floor((365 * DAY) / n);
  const seq0 = await lastSequence(side);
  await admin.query('set synchronous_commit = off');
  await admin.query("set maintenance_work_mem = '256MB'");
  await admin.query("set work_mem = '64MB'");
  // One row per cycle g (player p = g % P, its c-th cycle): a deposit of 1,000 KES (5% excise
  // deducted), three bets of 100 KES from main, two wins of 100 KES to the withdrawal pot and a
  // withdrawal of 100 KES (5% withholding): 10 entries and 9 outbox events a cycle.
  const cycles = `with s as (
      select g, g % ${PLAYERS} as p, g / ${PLAYERS} as c, ${start}::bigint + g * ${step}::bigint as t,
        case when g % ${PLAYERS} = ${mid} then $1 else 'bench-u-' || (g % ${PLAYERS}) end as uid,
        case when g % ${PLAYERS} = ${mid} then $2 else '+2547' || lpad((g % ${PLAYERS})::text, 8, '0') end as phone,
        case when g % ${PLAYERS} = ${mid} then $3 else 'bench-ref-' || (g % ${PLAYERS}) end as ref
      from generate_series(0, ${n - 1}) g)`;
  const steps: [string, string, unknown[]][] = [
    [
      'users',
      `insert into users (id, phone, username, password_hash, roles, status, player_ref, created_at, updated_at)
       select 'bench-u-' || p, '+2547' || lpad(p::text, 8, '0'), 'player' || p, $1, $2, 'active', 'bench-ref-' || p,
         ${start - DAY}, ${start - DAY}
       from generate_series(0, ${PLAYERS - 1}) p where p <> ${mid}`,
      [hash, roles],
    ],
    [
      'wallets',
      `insert into wallets (user_id, currency, main, withdrawal, bonus, version, updated_at)
       select 'bench-u-' || p, 'KES', ${65_000 * CYCLES}, ${10_000 * CYCLES}, 0, ${8 * CYCLES}, ${end}
       from generate_series(0, ${PLAYERS - 1}) p where p <> ${mid}`,
      [],
    ],
    [
      'wallet of the measured player',
      `update wallets set main = main + ${65_000 * CYCLES}, withdrawal = withdrawal + ${10_000 * CYCLES},
         version = version + ${8 * CYCLES} where user_id = $1`,
      [userId],
    ],
    [
      'wallet_transactions',
      `${cycles}
       insert into wallet_transactions (id, user_id, type, status, amount, currency, phone_number, payment_method,
         provider, provider_ref, idempotency_key, request_hash, created_at, updated_at, settled_at, check_count,
         tax_kind, tax_amount, tax_mode)
       select 'bench-' || k || '-' || g, uid, case k when 'd' then 'deposit' else 'withdrawal' end, 'completed',
         case k when 'd' then 100000 else 10000 end, 'KES', phone, 'mobile_money', 'simulator',
         'bench-pr-' || k || '-' || g, 'bench-' || k || '-' || g, 'bench',
         t + case k when 'd' then 0 else 8000 end, t + case k when 'd' then 1000 else 9000 end,
         t + case k when 'd' then 1000 else 9000 end, 0,
         case k when 'd' then 'excise' else 'withholding' end, case k when 'd' then 5000 else 500 end,
         case k when 'd' then 'deduct' end
       from s cross join (values ('d'), ('w')) x(k)`,
      [userId, phone, ref],
    ],
    [
      'game_transactions',
      `${cycles}
       insert into game_transactions (provider_tx_id, user_id, kind, round_id, game_id, amount, status, created_at)
       select 'bench-g-' || g || '-' || j, uid, case when j % 2 = 1 then 'bet' else 'win' end,
         'bench-r-' || g || '-' || ((j - 3) / 2), 'lucky-sevens', 10000, 'ok', t + j * 1000
       from s cross join generate_series(3, 7) j`,
      [userId, phone, ref],
    ],
    [
      'ledger_entries',
      `${cycles}
       insert into ledger_entries (id, user_id, pot, amount, balance_after, kind, ref_id, created_at)
       select 'bench-l-' || g || '-' || e.j, uid, e.pot, e.amount,
         case e.pot when 'main' then 65000 * c + e.ba when 'withdrawal' then 10000 * c + e.ba else 0 end,
         e.kind, case e.r when 'g' then 'bench-g-' || g || '-' || e.j else 'bench-' || e.r || '-' || g end,
         t + case when e.j >= 8 then 8000 else e.j * 1000 end
       from s cross join (values
         (0, 'main', 100000, 100000, 'deposit', 'd'), (1, 'main', -5000, 95000, 'excise_duty', 'd'),
         (2, 'tax_excise', 5000, 0, 'excise_duty', 'd'), (3, 'main', -10000, 85000, 'bet', 'g'),
         (4, 'withdrawal', 10000, 10000, 'win', 'g'), (5, 'main', -10000, 75000, 'bet', 'g'),
         (6, 'withdrawal', 10000, 20000, 'win', 'g'), (7, 'main', -10000, 65000, 'bet', 'g'),
         (8, 'withdrawal', -10000, 10000, 'withdrawal', 'w'), (9, 'tax_withholding', 500, 0, 'withholding_tax', 'w')
       ) e(j, pot, amount, ba, kind, r)`,
      [userId, phone, ref],
    ],
    [
      'regulator_feed_events',
      `${cycles}
       insert into regulator_feed_events (sequence, event_id, type, occurred_at, player_ref, payload, batch_id, delivered_at)
       select ${seq0} + g * 9 + e.k + 1, 'bench-e-' || g || '-' || e.k, e.kind, t + e.at, ref,
         json_build_object('reference',
           case e.r when 'g' then 'bench-g-' || g || '-' || (e.k + 1) else 'bench-' || e.r || '-' || g end,
           'entries', case e.kind
             when 'excise_duty' then json_build_array(
               json_build_object('account', 'main', 'amount', -5000, 'balance_after', 65000 * c + 95000),
               json_build_object('account', 'tax_excise', 'amount', 5000, 'balance_after', null))
             else json_build_array(json_build_object('account', e.pot, 'amount', e.amount,
               'balance_after', case e.pot when 'main' then 65000 * c + e.ba when 'withdrawal' then 10000 * c + e.ba end))
           end)::text,
         'bench', t + e.at + 60000
       from s cross join (values
         (0, 'deposit', 'd', 'main', 100000, 100000, 0), (1, 'excise_duty', 'd', 'main', -5000, 95000, 0),
         (2, 'bet', 'g', 'main', -10000, 85000, 3000), (3, 'win', 'g', 'withdrawal', 10000, 10000, 4000),
         (4, 'bet', 'g', 'main', -10000, 75000, 5000), (5, 'win', 'g', 'withdrawal', 10000, 20000, 6000),
         (6, 'bet', 'g', 'main', -10000, 65000, 7000), (7, 'withdrawal', 'w', 'withdrawal', -10000, 10000, 8000),
         (8, 'withholding_tax', 'w', 'tax_withholding', 500, null, 8000)
       ) e(k, kind, r, pot, amount, ba, at)`,
      [userId, phone, ref],
    ],
    [
      'outbox sequence, cursors',
      `select setval(pg_get_serial_sequence('regulator_feed_events', 'sequence'), (select max(sequence) from regulator_feed_events))`,
      [],
    ],
    [
      'aml cursor',
      // The monitor's cursor (aml-monitor.repository.ts's `outbox` row) past the generated events: an
      // upsert, since a database where the monitor never ran has no row yet.
      `insert into aml_cursor (name, last_sequence, updated_at)
       select 'outbox', max(sequence), (extract(epoch from now()) * 1000)::bigint from regulator_feed_events
       on conflict (name) do update set last_sequence = excluded.last_sequence, updated_at = excluded.updated_at`,
      [],
    ],
    ['analyze', 'analyze', []],
  ];
  const all = performance.now();
  for (const [name, text, params] of steps) {
    const began = performance.now();
    const res = await admin.query(text, params);
    log(
      `  ${name.padEnd(30)} ${String(res.rowCount ?? '').padStart(9)} rows  ${((performance.now() - began) / 1000).toFixed(1)} s`,
    );
  }
  const generation = (performance.now() - all) / 1000;
  log(`generated ${PLAYERS} players, ${n * 10} ledger entries in ${generation.toFixed(0)} s`);
  return { start, generation };
}

// ── The run ───────────────────────────────────────────────────────────────────────────────────

/** Signs the measured player up, with FEED_EVENTS wins for the feed measure, delivered once. */
async function signUp(side: Side): Promise<{ token: string; userId: string }> {
  await call(side, 'POST', '/auth/register', { phone: PHONE, password: PASSWORD });
  await call(side, 'POST', '/auth/verify/request', { phone: PHONE });
  await call(side, 'POST', '/auth/verify/confirm', { phone: PHONE, code: '123456' });
  const player = await login(side);
  for (let i = 0; i < FEED_EVENTS; i += 100)
    await inTransaction(side.database, async (trx) => {
      for (let j = i; j < Math.min(i + 100, FEED_EVENTS); j++)
        await bookEntries(
          trx,
          player.userId,
          [{ pot: 'withdrawal', amount: 100, kind: 'win' }],
          `bench-win-${j}`,
          Date.now(),
        );
    });
  await drainFeed(side);
  return player;
}

const emptySide = await openSide(`${schema}_empty`);
const bigSide = await openSide(schema);
try {
  const emptyPlayer = await signUp(emptySide);
  let start: number;
  let userId: string;
  if (reuse) {
    ({ userId } = await login(bigSide));
    const { rows } = await bigSide.admin.query('select min(created_at)::bigint as s from ledger_entries');
    start = Number(rows[0].s);
  } else {
    ({ userId } = await signUp(bigSide));
    ({ start } = await generate(bigSide, userId));
  }
  const month = reportMonth(start);
  const empty: Subject = { side: emptySide, ...emptyPlayer, month };
  const big: Subject = { side: bigSide, userId, token: (await login(bigSide)).token, month };
  log(`empty and big database, turn about: ${RUNS} runs each (tax report ${month.from}..${month.to})`);
  const [e, b] = await measureAll([empty, big]);
  log('query plans on the big database (execution time, sequential scans, query):');
  await plans(big, join(tmpdir(), `bench-scale-plans-${schema}.txt`));

  const before = process.env.BENCH_BEFORE === '1' ? await withoutIndexes(big) : null;

  log('');
  const head = `${'measure (median)'.padEnd(44)} ${'empty'.padStart(9)} ${'big'.padStart(9)} ${'big/empty'.padStart(10)}`;
  log(before ? `${head} ${'big, no index'.padStart(14)}` : head);
  for (const key of Object.keys(LABELS)) {
    const row = `${LABELS[key]!.padEnd(44)} ${ms(e![key]!).padStart(9)} ${ms(b![key]!).padStart(9)} ${(b![key]! / e![key]!).toFixed(2).padStart(10)}`;
    const without = before?.[key];
    log(before ? `${row} ${(without === undefined ? '' : ms(without)).padStart(14)}` : row);
  }
  log(
    `${'feed delivery rate (events/s)'.padEnd(44)} ${e!.feedRate!.toFixed(0).padStart(9)} ${b!.feedRate!.toFixed(0).padStart(9)} ${(b!.feedRate! / e!.feedRate!).toFixed(2).padStart(10)}`,
  );
} finally {
  await emptySide.close(true);
  await bigSide.close(!KEEP);
  await receiver.close();
}
