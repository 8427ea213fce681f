// Loopback benchmark: pnpm --filter @mchezo/api bench
// Starts the API (SQLite, simulator, production argon2 cost) and a bare Fastify route in one
// child process, then drives each with autocannon for BENCH_SECONDS (default 5) per case.
// Numbers share 2 cores with autocannon itself: compare the ratios within one run.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const here = dirname(fileURLToPath(import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'mchezo-bench-'));

const argon = { ARGON2_MEMORY_KIB: '19456', ARGON2_TIME_COST: '2' }; // production defaults (argon2id, p=1)
const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(here, 'bench-server.ts')], {
  cwd: join(here, '..'),
  env: {
    ...process.env,
    ...argon,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'silent',
    OTP_MODE: 'test',
    SIMULATOR_DELAY_MS: '100',
    RECONCILE_INTERVAL_SECONDS: '0',
    RATE_LIMIT_PER_IP: '1000000',
    RATE_LIMIT_PER_PHONE: '1000000',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});

const ports = await new Promise<{ apiPort: number; barePort: number }>((resolve, reject) => {
  const rl = createInterface({ input: child.stdout! });
  rl.once('line', (line) => resolve(JSON.parse(line)));
  child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});
const api = `http://127.0.0.1:${ports.apiPort}/api/v1`;

async function call(path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${api}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.status === 204 ? null : ((await res.json()) as { access_token: string });
}

const phone = '+254712000999';
const password = 'bench-password';
await call('/auth/register', { phone, password });
await call('/auth/verify/confirm', { phone, code: '123456' });
const login = await call('/auth/login', { phone, password });
const auth = { authorization: `Bearer ${login!.access_token}` };
for (let i = 0; i < 30; i++) {
  await call(
    '/wallet/deposit',
    { amount: 100, currency: 'KES', phone_number: phone },
    { ...auth, 'idempotency-key': `seed-${i}-key` },
  );
}

interface Row {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function run(name: string, opts: autocannon.Options): Promise<Row> {
  const result = await autocannon({ duration: seconds, connections: 50, ...opts });
  return {
    name,
    connections: opts.connections ?? 50,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

let n = 0;
const rows: Row[] = [];
rows.push(await run('bare Fastify GET /bare', { url: `http://127.0.0.1:${ports.barePort}/bare` }));
rows.push(await run('GET /wallet/balance', { url: `${api}/wallet/balance`, headers: auth }));
rows.push(
  await run('GET /wallet/transactions', { url: `${api}/wallet/transactions?page_size=10`, headers: auth }),
);
rows.push(
  await run('POST /wallet/deposit', {
    url: `${api}/wallet/deposit`,
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 100, currency: 'KES', phone_number: phone }),
    setupClient: (client) => {
      client.setHeaders({
        ...auth,
        'content-type': 'application/json',
        'idempotency-key': `bench-${process.pid}-${n++}`,
      });
      client.on('response', () => {
        client.setHeaders({
          ...auth,
          'content-type': 'application/json',
          'idempotency-key': `bench-${process.pid}-${n++}`,
        });
      });
    },
  }),
);
rows.push(
  await run('POST /auth/login', {
    url: `${api}/auth/login`,
    method: 'POST',
    connections: 10,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password }),
  }),
);

child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });

const bare = rows[0]!;
const pad = (s: string | number, w: number) => String(s).padStart(w);
console.log(
  `\nMchezo API loopback benchmark: ${seconds}s per case, SQLite (WAL), payment simulator, Node ${process.version}`,
);
console.log(
  `argon2id cost for login: m=${argon.ARGON2_MEMORY_KIB} KiB, t=${argon.ARGON2_TIME_COST}, p=1 (production defaults)\n`,
);
console.log(
  `${'case'.padEnd(28)}${pad('conns', 6)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('vs bare', 9)}${pad('non-2xx', 9)}${pad('errors', 8)}`,
);
for (const r of rows) {
  const ratio = (r.rps / bare.rps).toFixed(2);
  console.log(
    `${r.name.padEnd(28)}${pad(r.connections, 6)}${pad(r.rps, 9)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(ratio, 9)}${pad(r.non2xx, 9)}${pad(r.errors, 8)}`,
  );
}
const balance = rows[1]!;
const deposit = rows[3]!;
console.log('');
console.log(
  `balance / bare req/s = ${(balance.rps / bare.rps).toFixed(2)} (target >= 0.50): ${balance.rps / bare.rps >= 0.5 ? 'met' : 'NOT met'}`,
);
console.log(
  `deposit p99 = ${deposit.p99} ms at 50 connections (target <= 50 ms): ${deposit.p99 <= 50 ? 'met' : 'NOT met'}`,
);
console.log('login is bounded by argon2id by design (one hash verification per request).');
