// Loopback benchmark: pnpm --filter @mchezo/api bench
// BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (a fresh schema, dropped afterwards);
// without it, on SQLite in a temp DATA_DIR.
// Starts the API (NODE_ENV=test: simulator and test codes; production argon2 cost) and a bare Fastify route in one
// child process, then drives each case with autocannon for BENCH_SECONDS (default 4), in
// BENCH_ROUNDS interleaved rounds (default 3), and reports the median round. autocannon shares
// the cores with the server, so compare ratios within one run; the server's own CPU time per
// request (from /proc) is printed too, as it depends less on what else the machine is doing, and
// on PostgreSQL running on this machine, the database server's CPU time per request ("db cpu").
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const here = dirname(fileURLToPath(import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'mchezo-bench-'));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
const schema = `bench_${process.pid}`;

const argon = { ARGON2_MEMORY_KIB: '19456', ARGON2_TIME_COST: '2' }; // production defaults (argon2id, p=1)
const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(here, 'bench-server.ts')], {
  cwd: join(here, '..'),
  env: {
    ...process.env,
    ...argon,
    // Not production: the bench runs the simulator and test codes, which production refuses. It
    // still pays what production pays per request: the argon2 cost above and, with
    // BENCH_LOG_LEVEL=info, the request log (NODE_ENV changes neither).
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: databaseUrl ? schema : 'public',
    // Off by default: a log line per request written to a pipe measures the pipe. BENCH_LOG_LEVEL=info
    // measures what production pays for its request log (the lines are read and dropped).
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    OTP_MODE: 'test',
    SIMULATOR_DELAY_MS: '100',
    RECONCILE_INTERVAL_SECONDS: '0',
    RATE_LIMIT_PER_IP: '1000000',
    RATE_LIMIT_PER_PHONE: '1000000',
    // The deposit cases send thousands a minute per player (the production limit is 5: decision 033).
    DEPOSIT_PROMPTS_PER_MINUTE: '1000000',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});

const ports = await new Promise<{ apiPort: number; barePort: number }>((resolve, reject) => {
  const rl = createInterface({ input: child.stdout! });
  // With logging on, log lines come first: the ports are the line that carries them.
  rl.on('line', (line) => {
    if (line.startsWith('{"apiPort"')) resolve(JSON.parse(line));
  });
  child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});
const api = `http://127.0.0.1:${ports.apiPort}/api/v1`;

async function call(path: string, body?: unknown, headers: Record<string, string> = {}, method = 'POST') {
  const res = await fetch(`${api}${path}`, {
    method: body === undefined ? 'GET' : method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.status === 204 ? null : ((await res.json()) as { access_token: string });
}

const password = 'bench-password';

type Player = { phone: string; auth: Record<string, string> };

let identities = 0;
/** A verified, signed-in player with a confirmed identity: the Authorization header for its calls. */
async function signIn(phone: string): Promise<Record<string, string>> {
  await call('/auth/register', { phone, password });
  await call('/auth/verify/request', { phone });
  await call('/auth/verify/confirm', { phone, code: '123456' });
  const login = await call('/auth/login', { phone, password });
  const auth = { authorization: `Bearer ${login!.access_token}` };
  // Deposits need a confirmed identity; the identity simulator confirms numbers ending in 1.
  const documentNumber = `${String(2_000_000 + identities++)}1`;
  await call(
    '/identity',
    { fullName: 'Bench Player', dateOfBirth: '1990-05-17', documentType: 'national_id', documentNumber },
    auth,
    'PUT',
  );
  return auth;
}

const phone = '+254712000999';
const auth = await signIn(phone);
for (let i = 0; i < 30; i++) {
  await call(
    '/wallet/deposit',
    { amount: 100, currency: 'KES', phone_number: phone },
    { ...auth, 'idempotency-key': `seed-${i}-key` },
  );
}
// The many-players deposit case: each of its 50 connections is a different player, as real
// traffic is (the one-player case makes every settlement wait for one wallet row).
const players: Player[] = [];
for (let i = 0; i < 50; i++) {
  const playerPhone = `+2547130${String(i).padStart(5, '0')}`;
  players.push({ phone: playerPhone, auth: await signIn(playerPhone) });
}

interface Row {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  cpuUsPerReq: number;
  dbCpuUsPerReq: number;
  non2xx: number;
  errors: number;
}

/** utime + stime of a process, in microseconds (Linux /proc), with its command name. */
function processCpu(pid: number | string): { name: string; us: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    return { name, us: ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100 };
  } catch {
    return { name: '', us: Number.NaN };
  }
}

const serverCpuUs = () => processCpu(child.pid!).us;

/**
 * CPU time of the PostgreSQL server's processes on this machine; NaN on SQLite or when they
 * cannot be seen. A process that ends between two readings is not counted.
 */
function databaseCpuUs(): number {
  if (!databaseUrl) return Number.NaN;
  let sum = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    const cpu = processCpu(pid);
    if (cpu.name === 'postgres' && !Number.isNaN(cpu.us)) sum += cpu.us;
  }
  return sum || Number.NaN;
}

async function run(name: string, opts: autocannon.Options): Promise<Row> {
  const cpuBefore = serverCpuUs();
  const dbCpuBefore = databaseCpuUs();
  const result = await autocannon({ duration: seconds, connections: 50, ...opts });
  const total = result.requests.average * seconds;
  return {
    name,
    connections: opts.connections ?? 50,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuUsPerReq: Math.round((serverCpuUs() - cpuBefore) / Math.max(1, total)),
    dbCpuUsPerReq: Math.round((databaseCpuUs() - dbCpuBefore) / Math.max(1, total)),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

let n = 0;
const nextKey = () => `bench-${process.pid}-${n++}`;

/**
 * Deposits of 100 with a fresh Idempotency-Key per request (every request is a new deposit);
 * the i-th connection to open deposits as `playerOf(i)`.
 */
function depositCase(playerOf: (connection: number) => Player): autocannon.Options {
  let opened = 0;
  return {
    url: `${api}/wallet/deposit`,
    method: 'POST',
    setupClient: (client) => {
      const player = playerOf(opened++);
      client.setBody(JSON.stringify({ amount: 100, currency: 'KES', phone_number: player.phone }));
      const next = () =>
        client.setHeaders({
          ...player.auth,
          'content-type': 'application/json',
          'idempotency-key': nextKey(),
        });
      next();
      client.on('response', next);
    },
  };
}

const cases: Array<[string, autocannon.Options]> = [
  ['bare Fastify GET /bare', { url: `http://127.0.0.1:${ports.barePort}/bare` }],
  ['bare + one db round trip', { url: `http://127.0.0.1:${ports.barePort}/bare/db` }],
  ['GET /wallet/balance', { url: `${api}/wallet/balance`, headers: auth }],
  ['GET /wallet/transactions', { url: `${api}/wallet/transactions?page_size=10`, headers: auth }],
  ['POST /wallet/deposit, 1 player', depositCase(() => ({ phone, auth }))],
  ['POST /wallet/deposit, 50 players', depositCase((i) => players[i % players.length]!)],
  [
    'POST /auth/login',
    {
      url: `${api}/auth/login`,
      method: 'POST',
      connections: 10,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, password }),
    },
  ],
];
const perCase: Row[][] = cases.map(() => []);
for (let round = 0; round < rounds; round++) {
  for (const [i, [name, opts]] of cases.entries()) perCase[i]!.push(await run(name, opts));
}
const rows: Row[] = perCase.map((runs) => {
  const pick = runs.find((r) => r.rps === median(runs.map((x) => x.rps)))!;
  return {
    ...pick,
    p99: median(runs.map((x) => x.p99)),
    cpuUsPerReq: median(runs.map((x) => x.cpuUsPerReq)),
    dbCpuUsPerReq: median(runs.map((x) => x.dbCpuUsPerReq)),
  };
});

child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });
if (databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
}

const bare = rows[0]!;
const pad = (s: string | number, w: number) => String(s).padStart(w);
console.log(
  `\nMchezo API loopback benchmark: ${rounds} rounds x ${seconds}s per case (median round), ${databaseUrl ? 'PostgreSQL' : 'SQLite (WAL)'}, payment simulator, Node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)}`,
);
console.log(
  `argon2id cost for login: m=${argon.ARGON2_MEMORY_KIB} KiB, t=${argon.ARGON2_TIME_COST}, p=1 (production defaults)\n`,
);
console.log(
  `${'case'.padEnd(34)}${pad('conns', 6)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('vs bare', 9)}${pad('cpu µs/req', 12)}${pad('db cpu µs', 11)}${pad('non-2xx', 9)}${pad('errors', 8)}`,
);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(34)}${pad(r.connections, 6)}${pad(r.rps, 9)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad((r.rps / bare.rps).toFixed(2), 9)}${pad(r.cpuUsPerReq, 12)}${pad(Number.isNaN(r.dbCpuUsPerReq) ? '-' : r.dbCpuUsPerReq, 11)}${pad(r.non2xx, 9)}${pad(r.errors, 8)}`,
  );
}
const floor = rows[1]!;
const balance = rows[2]!;
const deposit = rows[4]!;
const depositMany = rows[5]!;
const ratio = balance.rps / bare.rps;
console.log('');
console.log(
  `balance / bare req/s = ${ratio.toFixed(2)} (target >= 0.40): ${ratio >= 0.4 ? 'met' : 'NOT met'}`,
);
console.log(
  `one database round trip / bare req/s = ${(floor.rps / bare.rps).toFixed(2)}: the most any route that reads the database can reach here`,
);
console.log(
  `balance / bare server CPU per request = ${(balance.cpuUsPerReq / bare.cpuUsPerReq).toFixed(2)}x (<= 2.50x is what the 0.40 target needs)`,
);
for (const [label, row] of [
  ['one player', deposit],
  ['50 players', depositMany],
] as const) {
  console.log(
    `deposit p99, ${label} = ${row.p99} ms at 50 connections (target <= 50 ms): ${row.p99 <= 50 ? 'met' : 'NOT met'}`,
  );
}
console.log('login is bounded by argon2id by design (one hash verification per request).');
