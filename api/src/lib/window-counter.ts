import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * Counts one more event under `key` in a fixed window of `windowMs` kept in `rate_limits`, so
 * every API instance sees the same count: one upsert, which starts the window over once it has
 * passed. Run inside a transaction, the count comes back out with it when the transaction rolls
 * back.
 */
export async function countInWindow(
  db: Kysely<DB>,
  key: string,
  windowMs: number,
  now: number,
): Promise<{ count: number; windowStart: number }> {
  const expired = now - windowMs;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.count + 1 end`,
        window_start: sql<number>`case when rate_limits.window_start <= ${expired} then ${now} else rate_limits.window_start end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}
