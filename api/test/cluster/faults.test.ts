/**
 * The cluster through its own faults (issue 26; docs/decisions/035-surviving-faults.md): an
 * instance killed under load comes back by itself while the other serves, and a rolling deploy
 * (SIGHUP to the cluster command) replaces both with no failed request for a client that
 * repeats safe requests; deposits retried with their key are booked once.
 */
import { readFileSync } from 'node:fs';
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

  it('a rolling deploy under load: no failed request, the canary lease moves within its interval', async () => {
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
    const status = join(runDir(), 'deploy.json');
    const asked = Date.now();
    process.kill(Number(process.env.CLUSTER_CONTROL_PID), 'SIGHUP');
    const done = await until(
      'the rolling deploy',
      () => {
        try {
          const s = JSON.parse(readFileSync(status, 'utf8'));
          return s.requested_at >= asked && s.state !== 'running' ? s : false;
        } catch {
          return false;
        }
      },
      90_000,
    );
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
  });
});
