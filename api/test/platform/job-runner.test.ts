/**
 * The job runner (lib/job-runner.ts; docs/decisions/036-one-composition-root-and-job-runner.md):
 * rounds on an interval, never two at once, errors logged, a lease for jobs that run once across
 * instances, and a stop that waits for the round under way and gives the lease up.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDatabase, type Database } from '../../src/db/database.js';
import { loadEnv } from '../../src/env.js';
import { Job, type JobOptions, LeaseLost } from '../../src/lib/job-runner.js';
import { AmlMonitor } from '../../src/modules/aml/aml-monitor.service.js';
import { Reconciler } from '../../src/modules/finance/reconciliation.service.js';
import { RegulatorFeedService } from '../../src/modules/regulator-feed/regulator-feed.service.js';
import { CanaryGuard } from '../../src/modules/releases/canary-guard.service.js';
import { DB_MODES, suiteApp } from '../helpers.js';

/** A promise the test settles itself: a round that lasts until the test says so. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

// Both databases: locks: a lease row decides which instance runs a job.
describe.each(DB_MODES)('job runner (%s)', (mode) => {
  const t = suiteApp(mode);
  const errors: unknown[][] = [];
  let lease = 0;
  /** A job on the test app's database and clock; logs go to `errors`. */
  const job = <T>(options: Partial<JobOptions<T>> & Pick<JobOptions<T>, 'round'>) =>
    new Job<T>(
      {
        database: t.app.ctx.database,
        clock: t.clock,
        log: { ...t.app.ctx.log, error: (...args: unknown[]) => errors.push(args) } as never,
      },
      { name: `test-job-${mode}-${lease}`, everyMs: 1_000, ...options },
    );
  const jobs: Job<unknown>[] = [];
  const keep = <T>(j: Job<T>) => {
    jobs.push(j as Job<unknown>);
    return j;
  };

  beforeEach(() => {
    lease++;
    errors.length = 0;
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(async () => {
    for (const j of jobs.splice(0)) await j.stop();
    vi.useRealTimers();
  });

  it('runs a round every interval once started, none before; 0 means no timer', async () => {
    let rounds = 0;
    const every = keep(job({ round: async () => ++rounds }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(rounds).toBe(0);
    every.start();
    every.start(); // twice: still one timer
    await vi.advanceTimersByTimeAsync(3_000);
    expect(rounds).toBe(3);

    let manual = 0;
    const off = keep(job({ everyMs: 0, round: async () => ++manual }));
    off.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(manual).toBe(0);
    expect(await off.runOnce()).toEqual({ leader: true, result: 1 });
  });

  it('never runs two rounds at once: ticks and calls during a round share it', async () => {
    const slow = gate();
    let started = 0;
    const j = keep(
      job({
        round: async () => {
          started++;
          await slow.opened;
          return started;
        },
      }),
    );
    j.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(1);
    const asked = j.runOnce();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(started).toBe(1);
    slow.open();
    expect(await asked).toEqual({ leader: true, result: 1 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(2);
  });

  it('logs a failed round and keeps going; a caller of runOnce gets the error', async () => {
    let rounds = 0;
    const j = keep(
      job({
        round: async () => {
          rounds++;
          throw new Error('provider down');
        },
      }),
    );
    j.start();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(rounds).toBe(2);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toEqual([
      { job: expect.stringContaining('test-job'), err: { message: 'provider down' } },
      expect.stringContaining('the round failed'),
    ]);
    await expect(j.runOnce()).rejects.toThrow('provider down');
  });

  it('runIn: one round early, another right after a round under way that looked too early; none once stopped', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    let slow: ReturnType<typeof gate> | null = null;
    let rounds = 0;
    const j = keep(
      job({
        everyMs: 0, // no interval: every round here is one asked for
        round: async () => {
          rounds++;
          await slow?.opened;
        },
      }),
    );
    j.runIn(100);
    await vi.advanceTimersByTimeAsync(99);
    expect(rounds).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds).toBe(1);

    // Falls due during a round (which began before its time): a second round follows that one.
    slow = gate();
    const asked = j.runOnce();
    j.runIn(50);
    await vi.advanceTimersByTimeAsync(50);
    expect(rounds).toBe(2);
    const first = slow;
    slow = null;
    first.open();
    await asked;
    await vi.waitFor(() => expect(rounds).toBe(3));

    j.runIn(100);
    await j.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rounds).toBe(3);
  });

  it('with a lease, one of two instances runs the round; the other takes over when it expires', async () => {
    const ran: string[] = [];
    const [a, b] = ['a', 'b'].map((who) =>
      keep(job({ leaseMs: 30_000, round: async () => ran.push(who) })),
    ) as [Job<number>, Job<number>];
    const rounds = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(rounds.map((r) => r.leader).sort()).toEqual([false, true]);
    expect(ran).toHaveLength(1);
    const [holder, other] = rounds[0]?.leader ? [a, b] : [b, a];
    expect((await other.runOnce()).leader).toBe(false);
    expect((await holder.runOnce()).leader).toBe(true);
    // The holder goes silent (killed): once its lease has run out, the other one runs.
    t.clock.advance(30_001);
    expect((await other.runOnce()).leader).toBe(true);
    expect((await holder.runOnce()).leader).toBe(false);
  });

  it('a holder that paused past its lease holds it no more: its transaction cannot commit beside the new one', async () => {
    const [a, b] = ['a', 'b'].map(() => keep(job({ leaseMs: 6_000, round: async () => 0 }))) as [
      Job<number>,
      Job<number>,
    ];
    expect((await a.runOnce()).leader).toBe(true);
    expect(a.holds()).toBe(true);
    await t.app.ctx.database.db.transaction().execute((trx) => a.fence(trx));
    // a stops (a stopped process): nothing renews; by its own clock it has lost the lease…
    t.clock.advance(6_000);
    expect(a.holds()).toBe(false);
    await expect(t.app.ctx.database.db.transaction().execute((trx) => a.fence(trx))).rejects.toThrow(
      LeaseLost,
    );
    // …and b has it now: a's transaction is refused even before its clock would say so.
    expect((await b.runOnce()).leader).toBe(true);
    expect(b.holds()).toBe(true);
    await t.app.ctx.database.db.transaction().execute((trx) => b.fence(trx));
  });

  it('stop waits for the round under way, gives the lease up and ends the timer', async () => {
    const slow = gate();
    let rounds = 0;
    const a = keep(
      job({
        leaseMs: 30_000,
        round: async () => {
          rounds++;
          await slow.opened;
        },
      }),
    );
    const b = keep(job({ leaseMs: 30_000, round: async () => {} }));
    a.start();
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(rounds).toBe(1));
    let stopped = false;
    const stopping = a.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(stopped).toBe(false);
    expect((await b.runOnce()).leader).toBe(false); // still a's, mid-round
    slow.open();
    await stopping;
    // Not a millisecond later on the clock: given up, not left to run out.
    expect((await b.runOnce()).leader).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(rounds).toBe(1);
  });

  it('the reconciler holds a lease: a second instance on the same database leaves the pass to it', async () => {
    // The test app's reconciler against another Job with its name: the one a second instance builds.
    const second = keep(job({ name: t.app.reconciler.job.name, leaseMs: 30_000, round: async () => 0 }));
    await t.app.reconciler.runOnce();
    expect((await second.runOnce()).leader).toBe(false);
    await t.app.reconciler.job.stop();
    expect((await second.runOnce()).leader).toBe(true);
  });
});

/**
 * A holder killed (its database gone: it writes nothing more, gives nothing up): at the default
 * settings each job with a lease moves to the surviving instance within 10 s of the kill
 * (docs/decisions/064-storage-and-timeouts.md). The app's own timers are off; the two instances'
 * jobs are built here from the modules, with the environment's defaults for every interval.
 */
describe.each(DB_MODES)('lease hand-over after a kill, default settings (%s)', (mode) => {
  const t = suiteApp(mode, {
    AML_SCAN_INTERVAL_MS: '0',
    CANARY_GUARD_INTERVAL_MS: '0',
    REGULATOR_FEED_INTERVAL_MS: '0',
    RECONCILE_INTERVAL_SECONDS: '0',
  });
  const holderOf = async (name: string) =>
    (
      await t.app.ctx.database.db
        .selectFrom('leases')
        .select('holder')
        .where('name', '=', name)
        .executeTakeFirst()
    )?.holder ?? '';
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(['aml-monitor', 'regulator-feed', 'canary-guard', 'reconciliation'])(
    '%s: taken over within 10 s',
    async (name) => {
      const defaults = loadEnv({ DATA_DIR: t.env.DATA_DIR });
      const env = {
        ...t.env,
        AML_SCAN_INTERVAL_MS: defaults.AML_SCAN_INTERVAL_MS,
        CANARY_GUARD_INTERVAL_MS: defaults.CANARY_GUARD_INTERVAL_MS,
        REGULATOR_FEED_INTERVAL_MS: defaults.REGULATOR_FEED_INTERVAL_MS,
        REGULATOR_FEED_TIMEOUT_MS: defaults.REGULATOR_FEED_TIMEOUT_MS,
        RECONCILE_INTERVAL_SECONDS: defaults.RECONCILE_INTERVAL_SECONDS,
        JOB_LEASE_TTL_MS: defaults.JOB_LEASE_TTL_MS,
        // The feed runs only with a receiver; nothing is sent here (the outbox is empty).
        REGULATOR_FEED_URL: 'http://127.0.0.1:9/feed',
        REGULATOR_FEED_SECRET: 'a-feed-secret-of-thirty-two-characters-or-more',
      };
      const guard = t.app.canaryGuard as unknown as Record<'revisions' | 'health', never>;
      const build = (database: Database): Job<unknown> => {
        const ctx = { ...t.app.ctx, env, database };
        if (name === 'aml-monitor') return new AmlMonitor(ctx, env).job as Job<unknown>;
        if (name === 'regulator-feed') return new RegulatorFeedService(ctx, env).job as Job<unknown>;
        if (name === 'canary-guard')
          return new CanaryGuard(ctx, guard.revisions, guard.health, env).job as Job<unknown>;
        return new Reconciler(ctx, env, t.app.settlement).job as Job<unknown>;
      };
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const doomedDatabase = createDatabase(t.env);
      const doomed = build(doomedDatabase);
      const survivor = build(t.app.ctx.database);
      try {
        doomed.start();
        expect((await doomed.runOnce()).leader).toBe(true);
        survivor.start();
        const held = await holderOf(name);
        expect(held).not.toBe('');
        // Killed: it reaches the database no more.
        await doomedDatabase.close();
        const killed = t.clock.now();
        while ((await holderOf(name)) === held && t.clock.now() - killed < 300_000) {
          t.clock.advance(250);
          await vi.advanceTimersByTimeAsync(250);
        }
        const tookMs = t.clock.now() - killed;
        expect(await holderOf(name)).not.toBe(held);
        expect(tookMs).toBeLessThanOrEqual(10_000);
      } finally {
        await survivor.stop();
        await doomed.stop();
      }
    },
  );
});
