/**
 * The cluster through its own faults (docs/decisions/035-surviving-faults.md): an
 * instance killed under load comes back by itself while the other serves, and a rolling deploy
 * (SIGHUP to the cluster command) replaces both with no failed request for a client that
 * repeats safe requests; deposits retried with their key are booked once.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type Answer,
  call,
  cluster,
  instancesNow,
  ledger,
  type Player,
  pause,
  report,
  runDir,
  signedInPlayer,
  until,
  walletRequest,
  withDatabase,
} from './cluster-kit.js';

/**
 * A rolling deploy test's bound: two instance starts in a row, each up to 40 s on a busy 2-core
 * machine (tsx compiling the API under 7 other test runs), plus the load before and after.
 */
const DEPLOY_TEST_MS = 150_000;

/** Requests sent per kept-alive deploy test at most (the deploy takes 10-20 s). */
const MAX_REQUESTS = 20_000;

/**
 * Clients through nginx until stop(): each deposits 10 KES with a key (repeated with the same
 * key, at most 10 times, while the answer is not 200) and reads its balance (repeated the same
 * way). `first`: statuses of first attempts; `failed`: requests still not 200 after the repeats.
 */
function load(players: Player[]) {
  const first: Record<number, number> = {};
  const booked = new Map<string, string>();
  let failed = 0;
  let served = 0;
  let running = true;
  const attempt = async (send: () => Promise<Answer>) => {
    for (let i = 0; i < 10; i++) {
      const res = await send();
      if (i === 0) first[res.status] = (first[res.status] ?? 0) + 1;
      if (res.status === 200) {
        served++;
        return res;
      }
      await pause(200);
    }
    failed++;
    return null;
  };
  const client = async (player: Player, n: number) => {
    for (let i = 0; running; i++) {
      const key = `fault-${n}-${i}-${Date.now()}`;
      const res = await attempt(() => walletRequest(cluster.url, 'deposit', player, 10, key));
      if (res) booked.set(key, res.body.transaction_id);
      await attempt(() => call(cluster.url, 'GET', '/wallet/balance', undefined, player.headers));
    }
  };
  const clients = players.flatMap((p, i) => [client(p, 2 * i), client(p, 2 * i + 1)]);
  return {
    first,
    booked,
    served: () => served,
    failed: () => failed,
    async stop() {
      running = false;
      await Promise.all(clients);
    },
  };
}

/** Callbacks the simulator still has to send (none once every instance up has sent them). */
const callbacksWaiting = () =>
  withDatabase(async (db) =>
    Number((await db.query('select count(*) from simulator_payments')).rows[0].count),
  );

/**
 * Every answered key names one transaction, the one the database holds for it; pots = ledger.
 * Waits until the simulator has sent every callback, also those of payments an instance accepted
 * just before it stopped (sent by whichever instance is up; reconciliation is off here), and
 * answers how long that took after the load stopped and how many deposits are still pending
 * (ones whose instance was killed before it asked the provider: reconciliation's).
 */
async function bookedOnce(players: Player[], booked: Map<string, string>) {
  const started = Date.now();
  await until('the simulator sent every callback', async () => (await callbacksWaiting()) === 0, 15_000);
  const settledMs = Date.now() - started;
  let pending = 0;
  for (const player of players) {
    const book = await until('settlements done', async () => {
      const read = await ledger(player.phone);
      return Object.values(read.pots).every((p) => p.wallet === p.ledger) ? read : false;
    });
    const keyed = book.transactions.filter((t) => t.idempotency_key?.startsWith('fault-'));
    expect(new Set(keyed.map((t) => t.idempotency_key)).size).toBe(keyed.length);
    for (const t of keyed)
      if (booked.has(t.idempotency_key)) expect(booked.get(t.idempotency_key)).toBe(t.id);
    for (const pot of Object.values(book.pots)) expect(pot.wallet).toBe(pot.ledger);
    pending += keyed.filter((t) => t.status === 'pending').length;
  }
  return { settledMs, pending };
}

describe('faults', () => {
  it('an instance killed (SIGKILL) under load comes back by itself; the other serves meanwhile; deposits booked once', async () => {
    const players = [await signedInPlayer(cluster.url), await signedInPlayer(cluster.url)];
    const traffic = load(players);
    await until('traffic', () => traffic.served() > 10);
    const victim = instancesNow()[1] as { name: string; url: string; pid: number };
    process.kill(victim.pid, 'SIGKILL');
    const killed = Date.now();
    const servedAtKill = traffic.served();
    await until('the instance restarted', () => instancesNow()[1]?.pid !== victim.pid, 30_000);
    await until(
      'the instance ready',
      async () => (await call(victim.url, 'GET', '/health/ready')).status === 200,
    );
    const back = (Date.now() - killed) / 1000;
    const servedMeanwhile = traffic.served() - servedAtKill;
    const served = traffic.served();
    await until('traffic after', () => traffic.served() > served + 10);
    await traffic.stop();
    const log = readFileSync(join(runDir(), `${victim.name}.log`), 'utf8');
    const { settledMs, pending } = await bookedOnce(players, traffic.booked);
    report(
      `SIGKILL ${victim.name}: back in ${back.toFixed(1)} s; ${servedMeanwhile} requests served meanwhile; ` +
        `first attempts ${JSON.stringify(traffic.first)}; failed after repeats ${traffic.failed()}; ` +
        `${traffic.booked.size} deposits answered; the simulator's callbacks all sent ${settledMs} ms ` +
        `after the load stopped; ${pending} pending (killed before asking the provider)`,
    );
    expect(log).toMatch(/exited \(SIGKILL\); restarting in \d+ ms/);
    expect(servedMeanwhile).toBeGreaterThan(0);
    expect(traffic.failed()).toBe(0);
    expect(Object.keys(traffic.first).filter((s) => s !== '200' && s !== '502' && s !== '503')).toEqual([]);
  });

  it(
    'a rolling deploy under load: no failed request, the canary lease moves within its interval',
    async () => {
      const players = [await signedInPlayer(cluster.url), await signedInPlayer(cluster.url)];
      // The canary guard's lease holder, read every 50 ms on one connection: each time another
      // instance holds it, how long since the previous holder was last seen holding it (the
      // released state, '', may last less than one read).
      const handOvers: number[] = [];
      let watching = true;
      const watcher = withDatabase(async (db) => {
        let last = { holder: '', seen: 0 };
        while (watching) {
          const { rows } = await db.query("select holder from leases where name = 'canary-guard'");
          const holder = (rows[0]?.holder as string | undefined) ?? '';
          if (holder && last.holder && holder !== last.holder) handOvers.push(Date.now() - last.seen);
          if (holder) last = { holder, seen: Date.now() };
          await pause(50);
        }
      });
      const traffic = load(players);
      await until('traffic', () => traffic.served() > 10);
      const done = await rollingDeploy();
      await traffic.stop();
      watching = false;
      await watcher;
      const { settledMs, pending } = await bookedOnce(players, traffic.booked);
      report(
        `rolling deploy: ${(done.took_ms / 1000).toFixed(1)} s (${JSON.stringify(done.steps)}); ` +
          `${traffic.served()} requests served, first attempts ${JSON.stringify(traffic.first)}, ` +
          `failed after repeats ${traffic.failed()}; canary lease hand-overs ${JSON.stringify(handOvers)} ms; ` +
          `${traffic.booked.size} deposits answered, ${pending} pending ${settledMs} ms after the load stopped`,
      );
      expect(done.state).toBe('done');
      expect(traffic.failed()).toBe(0);
      expect(handOvers.length).toBeGreaterThan(0);
      for (const ms of handOvers) expect(ms).toBeLessThan(1000 + 500);
      // Stopped in turn, each instance finished its requests; their callbacks were sent by the other.
      expect(pending).toBe(0);
    },
    DEPLOY_TEST_MS,
  );

  it(
    'a rolling deploy under kept-alive clients: not one failed request without repeating any, nginx never reloaded',
    async () => {
      const players = [await signedInPlayer(cluster.url), await signedInPlayer(cluster.url)];
      const workersBefore = nginxWorkers();
      expect(workersBefore.length).toBeGreaterThan(0);
      // Four kept-alive connections at most, shared by four clients: every request after the first
      // few rides a connection an earlier one opened.
      const agent = new Agent({ keepAlive: true, maxSockets: 4 });
      const failures: string[] = [];
      let sent = 0;
      let reused = 0;
      let running = true;
      const once = async (
        method: 'GET' | 'POST',
        path: string,
        player: Player,
        body?: unknown,
        key?: string,
      ) => {
        sent++;
        const res = await keptAlive(
          agent,
          method,
          path,
          { ...player.headers, ...(key ? { 'idempotency-key': key } : {}) },
          body,
        );
        if (res.reused) reused++;
        if (res.status !== 200) failures.push(`${method} ${path}: ${res.status || res.error}`);
      };
      const client = async (player: Player, n: number) => {
        for (let i = 0; running && sent < MAX_REQUESTS; i++) {
          const key = `keepalive-${n}-${i}-${Date.now()}`;
          await once(
            'POST',
            '/api/v1/wallet/deposit',
            player,
            { amount: 10, currency: 'KES', phone_number: player.phone },
            key,
          );
          await once('GET', '/api/v1/wallet/balance', player);
          await once('GET', '/api/v1/releases/manifest', player);
        }
      };
      const clients = players.flatMap((p, i) => [client(p, 2 * i), client(p, 2 * i + 1)]);
      await until('traffic', () => sent > 20);
      const done = await rollingDeploy();
      const sentAtDeploy = sent;
      running = false;
      await Promise.all(clients);
      agent.destroy();
      report(
        `rolling deploy with kept-alive clients: ${(done.took_ms / 1000).toFixed(1)} s; ${sent} requests ` +
          `(${sentAtDeploy} until it was done), ${reused} on a kept-alive connection, failed ${failures.length} ` +
          `${JSON.stringify(failures.slice(0, 5))}; nginx workers ${JSON.stringify(workersBefore)} -> ${JSON.stringify(nginxWorkers())}`,
      );
      expect(done.state).toBe('done');
      expect(sent).toBeLessThanOrEqual(MAX_REQUESTS + 4);
      expect(reused).toBeGreaterThan(sent * 0.9);
      expect(failures).toEqual([]);
      // The same workers: the deploy took the instances out without a reload, which would close
      // every idle kept-alive connection under a client about to send on it.
      expect(nginxWorkers()).toEqual(workersBefore);
    },
    DEPLOY_TEST_MS,
  );

  it('an instance answering 503s is not marked failed: nginx passes the next request to it', async () => {
    const player = await signedInPlayer(cluster.url);
    // Both instances' reads of the wallets wait on this lock until their statement timeout
    // (DATABASE_STATEMENT_TIMEOUT_MS in scripts/test-cluster.mjs): 503 from each, in turn.
    await withDatabase(async (db) => {
      await db.query('begin');
      await db.query('lock table wallets in access exclusive mode');
      try {
        const held = await call(cluster.url, 'GET', '/wallet/balance', undefined, player.headers);
        expect(held.status).toBe(503);
        expect(held.body).toMatchObject({ code: 'DATABASE_TIMEOUT' });
        expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
      } finally {
        await db.query('rollback');
      }
    });
    // Both serve again at once: nginx has left neither out (no 502 "no live upstreams", no
    // instance skipped), round robin as before.
    const answers: { status: number; upstream: string | null }[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(cluster.url, 'GET', '/wallet/balance', undefined, player.headers);
      answers.push({ status: res.status, upstream: res.headers.get('x-upstream') });
    }
    report(`after 503s from both instances: ${JSON.stringify(answers)}`);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.upstream)).size).toBe(cluster.instances.length);
  });
});

/**
 * Asks the cluster's control process for a rolling deploy (SIGHUP, scripts/test-cluster.mjs) and
 * waits until its status file says this deploy ended; answers that status.
 */
async function rollingDeploy() {
  const status = join(runDir(), 'deploy.json');
  const asked = Date.now();
  process.kill(Number(process.env.CLUSTER_CONTROL_PID), 'SIGHUP');
  return until(
    'the rolling deploy',
    () => {
      try {
        const s = JSON.parse(readFileSync(status, 'utf8'));
        return s.requested_at >= asked && s.state !== 'running' ? s : false;
      } catch {
        return false;
      }
    },
    DEPLOY_TEST_MS - 20_000,
  );
}

/**
 * nginx's worker processes now (their pids): a reload replaces them. Its cache manager and
 * loader (the loader exits on its own a minute after the start) are not counted.
 */
function nginxWorkers(): number[] {
  const master = readFileSync(join(runDir(), 'nginx.pid'), 'utf8').trim();
  const out = spawnSync('pgrep', ['-P', master], { encoding: 'utf8' }).stdout;
  return out
    .split('\n')
    .filter(Boolean)
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('worker process');
      } catch {
        return false; // gone meanwhile
      }
    })
    .sort((a, b) => a - b);
}

/** One request through nginx on `agent`'s kept-alive connections, never repeated. */
function keptAlive(
  agent: Agent,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; reused: boolean; error?: string }> {
  const { hostname, port } = new URL(cluster.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request(
      {
        host: hostname,
        port,
        method,
        path,
        agent,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        res.on('error', (err) => resolve({ status: 0, reused: req.reusedSocket, error: err.message }));
      },
    );
    req.on('error', (err) => resolve({ status: 0, reused: req.reusedSocket, error: err.message }));
    req.end(payload);
  });
}
