// What a Prometheus scrape costs on a big ledger (docs/decisions/044-metrics.md):
//   pnpm --filter @mchezo/api exec tsx scripts/bench-metrics.ts
// On PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
// in a schema of its own (dropped at the end): BENCH_METRICS_ENTRIES ledger entries (2,000,000)
// spread evenly over a year, set-based, then ANALYZE; then, median of BENCH_RUNS (20): a whole
// `GET /metrics` (every source), the money source's query over windows of 1 hour, 1 day and 7
// days (WalletService.movedSince), and the same figures over the whole ledger, the alternative not taken.
// Prints numbers; no test asserts a time.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { WalletService } from '../src/modules/wallet/wallet.service.js';
import { prepareBench } from './bench-app.js';

const URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const ENTRIES = Number(process.env.BENCH_METRICS_ENTRIES ?? 2_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const TOKEN = 'bench-metrics-token-0123456789abcdefghijkl';
const schema = `bench_metrics_${process.pid}`;
const HOUR = 3_600_000;
const YEAR = 365 * 24 * HOUR;

const { env, database, removeDataDir } = await prepareBench('metrics', URL, schema, { METRICS_TOKEN: TOKEN });
const app = buildApp(env, { logger: false, database, closeDatabase: true });

async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

try {
  await app.ready();
  const db = database.db;
  const wallet = new WalletService(app.ctx, app.ctx.env);
  const now = Date.now();
  const started = performance.now();
  await sql`insert into users (id, phone, username, password_hash, roles, status, player_ref, created_at, updated_at)
    select 'u' || g, '+2547' || lpad(g::text, 8, '0'), 'u' || g, 'x', '[]', 'active', 'p' || g, ${now}, ${now}
    from generate_series(1, 1000) g`.execute(db);
  const kinds = ['deposit', 'bet', 'bet', 'bet', 'win', 'win', 'withdrawal', 'excise_duty', 'rollback'];
  await sql`insert into ledger_entries (id, user_id, pot, amount, balance_after, kind, ref_id, created_at)
    select 'e' || g, 'u' || (1 + g % 1000), case when g % 10 = 7 then 'tax_excise' else 'main' end,
      (g % 5000) - 2500, 0, (${sql.val(kinds)}::text[])[1 + g % ${kinds.length}], 'r' || g,
      ${now} - (g::bigint * ${Math.floor(YEAR / ENTRIES)})
    from generate_series(1, ${ENTRIES}) g`.execute(db);
  await sql`analyze ledger_entries`.execute(db);
  process.stdout.write(
    `${ENTRIES.toLocaleString('en')} ledger entries over a year generated in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );

  const scrape = () =>
    app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  const res = await scrape();
  if (res.statusCode !== 200) throw new Error(`GET /metrics: ${res.statusCode}`);
  const rows: [string, number][] = [
    [
      `GET /metrics (every source; money window ${env.METRICS_MONEY_WINDOW_MINUTES} min)`,
      await median(scrape),
    ],
  ];
  for (const [label, windowMs] of [
    ['1 hour', HOUR],
    ['1 day', 24 * HOUR],
    ['7 days', 7 * 24 * HOUR],
  ] as const) {
    const count = await db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('created_at', '>=', now - windowMs)
      .executeTakeFirstOrThrow();
    rows.push([
      `money source, window ${label} (${Number(count.n).toLocaleString('en')} entries)`,
      await median(() => wallet.movedSince(now - windowMs)),
    ]);
  }
  rows.push([
    'the whole ledger by kind and account (not taken)',
    await median(() =>
      db
        .selectFrom('ledger_entries')
        .select(['kind', 'pot', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.sum('amount').as('s')])
        .groupBy(['kind', 'pot'])
        .execute(),
    ),
  ]);
  for (const [label, ms] of rows) process.stdout.write(`${ms.toFixed(1).padStart(9)} ms  ${label}\n`);
} finally {
  await sql.raw(`drop schema if exists "${schema}" cascade`).execute(database.db);
  await app.close();
  removeDataDir();
}
