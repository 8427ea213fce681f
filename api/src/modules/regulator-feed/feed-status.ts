/** The regulator feed as the operators see it: its backlog, the last delivery and what is parked. */
import type { FeedStatusResponse } from '@mchezo/contracts/regulator-feed';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { backlog, deliveryState, parkedEvents } from './regulator-feed.repository.js';

/** Parked events the status lists (the oldest). */
const PARKED_LISTED = 50;

/** `enabled`: whether a receiver is configured. */
export async function feedStatus(db: Kysely<DB>, now: number, enabled: boolean): Promise<FeedStatusResponse> {
  const [waiting, state, parked] = await Promise.all([
    backlog(db),
    deliveryState(db),
    parkedEvents(db, PARKED_LISTED),
  ]);
  const iso = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString() : null);
  return {
    enabled,
    backlog: waiting.count,
    oldestUndeliveredAt: iso(waiting.oldest),
    oldestUndeliveredAgeMs: waiting.oldest === null ? null : Math.max(0, now - waiting.oldest),
    lastSequence: waiting.lastSequence,
    lastDeliveredSequence: state?.last_delivered_sequence ?? null,
    lastDelivery:
      state?.last_attempt_at && state.last_result
        ? {
            at: new Date(state.last_attempt_at).toISOString(),
            result: state.last_result,
            error: state.last_error,
            batchId: state.last_batch_id,
          }
        : null,
    lastDeliveredAt: iso(state?.last_delivered_at),
    failures: state?.failures ?? 0,
    nextAttemptAt: iso(state?.next_attempt_at),
    parked: parked.count,
    parkedEvents: parked.rows.map((r) => ({
      sequence: Number(r.sequence),
      eventId: r.event_id,
      type: r.type,
      occurredAt: new Date(Number(r.occurred_at)).toISOString(),
      parkedAt: new Date(Number(r.parked_at)).toISOString(),
      reason: r.parked_reason ?? '',
    })),
  };
}
