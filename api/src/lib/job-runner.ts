/**
 * The API's background jobs (docs/decisions/036-one-composition-root-and-job-runner.md): a named
 * round every `everyMs`, one round at a time, errors logged rather than thrown, and for a job
 * that runs once across the instances on one database, a lease (db/leases.ts): a round runs only
 * on the instance holding it. `stop()` (the app's onClose, before the database closes) ends the
 * timer, waits for the round under way and gives the lease up, so another instance takes it at
 * its next round instead of when it runs out. `runIn` asks for one round early (the payment
 * simulator's, when a callback falls due): the only other timer, also ended by `stop()`.
 *
 * A lease lasts JOB_LEASE_TTL_MS (6 s) at most and is renewed every third of it by every started
 * instance, between rounds and during them (docs/decisions/064-storage-and-timeouts.md): the
 * holder keeps it while it lives, however long its interval or its round; a killed holder's runs
 * out within the TTL and the next renewal elsewhere takes it and runs a round at once, so a job
 * moves within TTL + TTL/3 (8 s). A holder that paused past its TTL (a stopped process, a stalled
 * machine) has lost it by its own clock before it finds out from the database: `holds()` answers
 * false from then, and `fence(trx)` refuses to let its transaction commit.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.js';
import { releaseLease, takeLease } from '../db/leases.js';
import type { DB } from '../db/schema.js';
import type { PlatformConfig } from '../platform.config.js';
import { newId } from './crypto.js';

/** A lease's longest life without renewal when the environment says nothing (JOB_LEASE_TTL_MS). */
export const LEASE_TTL_MS = 6_000;

/** A transaction of a holder whose lease has gone (taken over, or run out by its own clock). */
export class LeaseLost extends Error {
  constructor(readonly job: string) {
    super(`${job}: this instance no longer holds the lease`);
  }
}

export interface JobOptions<T> {
  /** Names the job in logs and, with `leaseMs`, its lease. */
  name: string;
  /** Time between rounds; 0 or less: no timer (`runOnce` still runs a round). */
  everyMs: number;
  /**
   * Once across instances: the longest a lease lasts without renewal (a holder that stops without
   * giving it up, killed, is taken over after this), capped at JOB_LEASE_TTL_MS: the runner renews
   * it every third of that. Without it every instance runs its own rounds.
   */
  leaseMs?: number;
  /** One round's work; what it answers goes back to `runOnce`'s caller. */
  round: () => Promise<T>;
}

/** A round: run here (`leader`, with what it answered) or left to the lease's holder. */
type JobRound<T> = { leader: true; result: T } | { leader: false };

export class Job<T> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<JobRound<T>> | null = null;
  /** Early rounds asked for with `runIn`, not yet run. */
  private readonly wakeUps = new Set<NodeJS.Timeout>();
  /** A round was asked for while one ran (which may have looked too early): one follows it. */
  private again = false;
  private stopped = false;
  /** This instance, as the lease names it. */
  private readonly holder = newId();
  /** The renewals' timer (jobs with a lease). */
  private heartbeat: NodeJS.Timeout | null = null;
  /** Until when this instance holds the lease by its own clock (0: it does not). */
  private heldUntil = 0;

  constructor(
    private readonly ctx: Pick<AppContext, 'database' | 'clock' | 'log'> & {
      env?: Partial<Pick<PlatformConfig, 'JOB_LEASE_TTL_MS'>>;
    },
    private readonly options: JobOptions<T>,
  ) {}

  /** How long this job's lease lasts without renewal (ms); undefined: the job has no lease. */
  get leaseTtlMs(): number | undefined {
    const { leaseMs } = this.options;
    if (leaseMs === undefined) return undefined;
    return Math.min(leaseMs, this.ctx.env?.JOB_LEASE_TTL_MS ?? LEASE_TTL_MS);
  }

  /** Whether this instance holds the lease now, by its own clock (always true without a lease). */
  holds(): boolean {
    return this.options.leaseMs === undefined || this.ctx.clock.now() < this.heldUntil;
  }

  /**
   * Inside a round's transaction: throws LeaseLost unless this instance holds the lease now, by
   * its clock and by the database's row (locked until the commit on PostgreSQL, so a take-over
   * waits for this transaction: two holders never commit side by side).
   */
  async fence(trx: Kysely<DB>): Promise<void> {
    if (this.options.leaseMs === undefined) return;
    if (!this.holds()) throw new LeaseLost(this.options.name);
    let query = trx
      .selectFrom('leases')
      .select('holder')
      .where('name', '=', this.options.name)
      .where('holder', '=', this.holder)
      .where('expires_at', '>', this.ctx.clock.now());
    if (this.ctx.database.dialect === 'postgres') query = query.forUpdate();
    if (!(await query.executeTakeFirst())) throw new LeaseLost(this.options.name);
  }

  get name(): string {
    return this.options.name;
  }

  /** Starts the rounds (once; nothing when `everyMs` is 0). */
  start(): void {
    const { everyMs } = this.options;
    this.stopped = false;
    if (everyMs <= 0 || this.timer) return;
    this.timer = setInterval(() => this.runLogged(), everyMs);
    this.timer.unref();
    const ttl = this.leaseTtlMs;
    if (ttl !== undefined) {
      this.heartbeat = setInterval(() => void this.renew(), Math.max(1, Math.floor(ttl / 3)));
      this.heartbeat.unref();
    }
  }

  /**
   * A renewal (the holder's) or a try (anyone else's): taking a lease another instance let run
   * out starts a round at once, instead of at this instance's next interval.
   */
  private async renew(): Promise<void> {
    if (this.stopped) return;
    const held = this.holds();
    try {
      const taken = await this.takeLease();
      if (taken && !held && !this.running && !this.stopped) this.runLogged();
    } catch (err) {
      this.ctx.log.warn(
        { job: this.options.name, err: { message: (err as Error).message } },
        `${this.options.name}: could not renew the lease`,
      );
    }
  }

  /** Takes or renews the lease; notes until when it is held (by this clock). */
  private async takeLease(): Promise<boolean> {
    const ttl = this.leaseTtlMs ?? 0;
    const now = this.ctx.clock.now();
    const taken = await takeLease(this.ctx.database.db, this.options.name, this.holder, now, ttl);
    // Counted from before the statement: a slow answer shortens the hold, never lengthens it.
    this.heldUntil = taken ? now + ttl : 0;
    return taken;
  }

  /** A round now; while one is under way (the timer's or a caller's), that one's answer. */
  runOnce(): Promise<JobRound<T>> {
    if (this.running) return this.running;
    this.again = false;
    this.running = this.round().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) this.runLogged();
    });
    return this.running;
  }

  /**
   * A round `delayMs` from now besides the interval's, or right after the round then under way
   * (nothing once stopped). The payment simulator asks for one when a callback falls due.
   */
  runIn(delayMs: number): void {
    if (this.stopped) return;
    const wakeUp = setTimeout(() => {
      this.wakeUps.delete(wakeUp);
      if (this.running) this.again = true;
      else this.runLogged();
    }, delayMs);
    wakeUp.unref();
    this.wakeUps.add(wakeUp);
  }

  /** Ends the timers, waits for the round under way, gives the lease up (a failure is logged). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const wakeUp of this.wakeUps) clearTimeout(wakeUp);
    this.wakeUps.clear();
    await this.running?.catch(() => {});
    if (this.options.leaseMs === undefined) return;
    this.heldUntil = 0;
    await releaseLease(this.ctx.database.db, this.options.name, this.holder).catch((err: Error) =>
      this.ctx.log.warn(
        { job: this.options.name, err: { message: err.message } },
        'could not give the lease up',
      ),
    );
  }

  /** A round whose failure is logged, not thrown (the timers'). */
  private runLogged(): void {
    const { name } = this.options;
    this.runOnce().catch((err: Error) =>
      this.ctx.log.error({ job: name, err: { message: err.message } }, `${name}: the round failed`),
    );
  }

  private async round(): Promise<JobRound<T>> {
    if (this.options.leaseMs !== undefined && !(await this.takeLease())) return { leader: false };
    return { leader: true, result: await this.options.round() };
  }
}
