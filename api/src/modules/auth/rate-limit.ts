import type { AppContext } from '../../context.js';
import { rateLimited } from '../../lib/errors.js';
import { countInWindow } from '../../lib/window-counter.js';
import type { AuthConfig } from './auth.config.js';

type LimitedAction =
  | 'login'
  | 'register'
  | 'verify_request'
  | 'verify_confirm'
  | 'reset_request'
  | 'reset_confirm'
  | 'staff_sign_in';

/**
 * Fixed-window counters kept in the database, so every API instance sees the same counts.
 * One upsert per key: the window restarts when it has passed, else the count grows.
 */
export class RateLimiter {
  constructor(
    private readonly ctx: AppContext,
    private readonly config: AuthConfig,
  ) {}

  async hit(action: LimitedAction, ip: string, phone: string | null): Promise<void> {
    const checks: Array<[string, number]> = [[`${action}:ip:${ip}`, this.config.RATE_LIMIT_PER_IP]];
    if (phone) checks.push([`${action}:phone:${phone}`, this.config.RATE_LIMIT_PER_PHONE]);
    let wait = 0;
    for (const [key, max] of checks) {
      const { count, windowStart } = await this.increment(key);
      if (count > max) {
        wait = Math.max(
          wait,
          (windowStart + this.config.RATE_LIMIT_WINDOW_SECONDS * 1000 - this.ctx.clock.now()) / 1000,
        );
      }
    }
    if (wait > 0) throw rateLimited(wait);
  }

  /**
   * Failed sign-ins, counted per phone and client address once the password was checked and
   * found wrong: a stranger elsewhere cannot lock a player out by failing on purpose, while one
   * client guessing one player's password is stopped after RATE_LIMIT_PER_PHONE failures in a
   * window (and every client after RATE_LIMIT_PER_IP attempts by `hit`). A success starts the
   * count over.
   *
   * Each try takes its place in the count BEFORE `attempt` runs (one atomic upsert,
   * lib/window-counter.ts), and is refused (429) when that place is past the limit: parallel
   * guesses each see the count the others made, so a burst gets no more tries than guesses sent
   * one by one. A try that turns out to be no failure (another error) gives its place back.
   */
  async guardFailures<T>(
    key: string,
    attempt: () => Promise<T>,
    isFailure: (err: unknown) => boolean,
  ): Promise<T> {
    const { clock } = this.ctx;
    const { RATE_LIMIT_PER_PHONE, RATE_LIMIT_WINDOW_SECONDS } = this.config;
    const taken = await this.increment(key);
    if (taken.count > RATE_LIMIT_PER_PHONE)
      throw rateLimited((taken.windowStart + RATE_LIMIT_WINDOW_SECONDS * 1000 - clock.now()) / 1000);
    let result: T;
    try {
      result = await attempt();
    } catch (err) {
      if (!isFailure(err)) await this.giveBack(key, taken.windowStart);
      throw err;
    }
    await this.ctx.database.db.deleteFrom('rate_limits').where('key', '=', key).execute();
    return result;
  }

  /** Takes back a place `guardFailures` took, in its window only (one started since is not touched). */
  private async giveBack(key: string, windowStart: number): Promise<void> {
    await this.ctx.database.db
      .updateTable('rate_limits')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', key)
      .where('window_start', '=', windowStart)
      .where('count', '>', 0)
      .execute();
  }

  private increment(key: string): Promise<{ count: number; windowStart: number }> {
    const { database, clock } = this.ctx;
    return countInWindow(database.db, key, this.config.RATE_LIMIT_WINDOW_SECONDS * 1000, clock.now());
  }
}
