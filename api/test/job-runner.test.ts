/**
 * The job runner (lib/job-runner.ts; docs/decisions/036-one-composition-root-and-job-runner.md):
 * rounds on an interval, never two at once, errors logged, a lease for jobs that run once across
 * instances, and a stop that waits for the round under way and gives the lease up.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Job, type JobOptions } from '../src/lib/job-runner.js';
import { DB_MODES, suiteApp } from './helpers.js';

/** A promise the test settles itself: a round that lasts until the test says so. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

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
