/**
 * The API's background jobs (docs/decisions/036-one-composition-root-and-job-runner.md): a named
 * round every `everyMs`, one round at a time, errors logged rather than thrown, and for a job
 * that runs once across the instances on one database, a lease (db/leases.ts): a round runs only
 * on the instance holding it. `stop()` (the app's onClose, before the database closes) ends the
 * timer, waits for the round under way and gives the lease up, so another instance takes it at
 * its next round instead of when it runs out. `runIn` asks for one round early (the payment
 * simulator's, when a callback falls due): the only other timer, also ended by `stop()`.
 */
import type { AppContext } from '../context.js';
import { releaseLease, takeLease } from '../db/leases.js';
import { newId } from './crypto.js';

export interface JobOptions<T> {
  /** Names the job in logs and, with `leaseMs`, its lease. */
  name: string;
  /** Time between rounds; 0 or less: no timer (`runOnce` still runs a round). */
  everyMs: number;
  /**
   * Once across instances: how long a round's lease lasts (a holder that stops without giving it
   * up, killed, is taken over after this). Without it every instance runs its own rounds.
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

  constructor(
    private readonly ctx: Pick<AppContext, 'database' | 'clock' | 'log'>,
    private readonly options: JobOptions<T>,
  ) {}

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
    for (const wakeUp of this.wakeUps) clearTimeout(wakeUp);
    this.wakeUps.clear();
    await this.running?.catch(() => {});
    if (this.options.leaseMs === undefined) return;
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
    const { leaseMs, name } = this.options;
    if (leaseMs !== undefined) {
      const taken = await takeLease(this.ctx.database.db, name, this.holder, this.ctx.clock.now(), leaseMs);
      if (!taken) return { leader: false };
    }
    return { leader: true, result: await this.options.round() };
  }
}
