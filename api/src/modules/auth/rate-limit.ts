import type { AppContext } from '../../context.js';
import { rateLimited } from '../../lib/errors.js';
import { countInWindow } from '../../lib/window-counter.js';

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
  constructor(private readonly ctx: AppContext) {}

  async hit(action: LimitedAction, ip: string, phone: string | null): Promise<void> {
    const { env } = this.ctx;
    const checks: Array<[string, number]> = [[`${action}:ip:${ip}`, env.RATE_LIMIT_PER_IP]];
    if (phone) checks.push([`${action}:phone:${phone}`, env.RATE_LIMIT_PER_PHONE]);
    let wait = 0;
    for (const [key, max] of checks) {
      const { count, windowStart } = await this.increment(key);
      if (count > max) {
        wait = Math.max(
          wait,
          (windowStart + env.RATE_LIMIT_WINDOW_SECONDS * 1000 - this.ctx.clock.now()) / 1000,
        );
      }
    }
    if (wait > 0) throw rateLimited(wait);
  }

  /**
   * Failed sign-ins, counted per phone and client address once the password was checked and
   * found wrong: a stranger elsewhere cannot lock a player out by failing on purpose, while one
   * client guessing one player's password is stopped after RATE_LIMIT_PER_PHONE failures in a
   * window (and every client after RATE_LIMIT_PER_IP attempts by `hit`). Refuses (429) before
   * `attempt` runs once the failures are used up; a success starts the count over.
   */
  async guardFailures<T>(
    key: string,
    attempt: () => Promise<T>,
    isFailure: (err: unknown) => boolean,
  ): Promise<T> {
    const { env, clock, database } = this.ctx;
    const now = clock.now();
    const row = await database.db
      .selectFrom('rate_limits')
      .select(['count', 'window_start'])
      .where('key', '=', key)
      .executeTakeFirst();
    const windowEnd = row ? Number(row.window_start) + env.RATE_LIMIT_WINDOW_SECONDS * 1000 : 0;
    if (row && windowEnd > now && Number(row.count) >= env.RATE_LIMIT_PER_PHONE)
      throw rateLimited((windowEnd - now) / 1000);
    try {
      const result = await attempt();
      if (row) await database.db.deleteFrom('rate_limits').where('key', '=', key).execute();
      return result;
    } catch (err) {
      if (isFailure(err)) await this.increment(key);
      throw err;
    }
  }

  private increment(key: string): Promise<{ count: number; windowStart: number }> {
    const { database, env, clock } = this.ctx;
    return countInWindow(database.db, key, env.RATE_LIMIT_WINDOW_SECONDS * 1000, clock.now());
  }
}
