import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Deletes release health past its retention (docs/decisions/031-release-health-tickets.md): the
 * per-minute figures, counted and not, the web vitals' buckets, and the stored error reports older than `retentionDays`;
 * the ticket uses of expired tickets (an expired ticket no longer counts, so its uses need not be
 * remembered), the proofs of client ids expired before the retention; the windowed counts (new browsers per address, reports per sender and version)
 * of windows that are over.
 */
export async function pruneReleaseHealth(
  db: Kysely<DB>,
  now: number,
  retentionDays: number,
  /** The `rate_limits` key prefixes of release health's windowed counts, with their window's length. */
  windowKeys: { prefix: string; windowMs: number }[],
): Promise<void> {
  const before = now - retentionDays * DAY;
  await db.deleteFrom('remote_load_counts').where('minute', '<', before).execute();
  await db.deleteFrom('uncounted_loads').where('minute', '<', before).execute();
  await db.deleteFrom('web_vitals').where('minute', '<', before).execute();
  await db.deleteFrom('error_events').where('received_at', '<', before).execute();
  await db.deleteFrom('load_ticket_uses').where('expires_at', '<=', now).execute();
  // A proof is what lets its browser's figures count: kept as long as the last of them is.
  await db.deleteFrom('load_client_proofs').where('expires_at', '<', before).execute();
  // Each window only once it is over: an hour's count pruned after a minute would bound nothing.
  for (const { prefix, windowMs } of windowKeys)
    await db
      .deleteFrom('rate_limits')
      .where('key', 'like', `${prefix}%`)
      .where('window_start', '<=', now - windowMs)
      .execute();
}
