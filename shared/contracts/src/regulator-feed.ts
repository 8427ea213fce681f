import { z } from 'zod';

/**
 * `/api/v1/regulator-feed/…`: the operators' view of the regulator's real-time feed (compliance
 * role; docs/decisions/042-regulator-feed-outbox.md); its replay is the staff route's
 * (staff-compliance.ts). The wire format the receiver
 * gets is not here: it is the feed's own (docs/regulator-feed.schema.json, built by
 * api/src/modules/regulator-feed/feed-format.ts).
 */

/** GET /regulator-feed/status */
export const FeedStatusResponse = z.object({
  /** Whether a receiver is configured (REGULATOR_FEED_URL or the development simulator). */
  enabled: z.boolean(),
  backlog: z.number(),
  /** ISO 8601; null when nothing waits. */
  oldestUndeliveredAt: z.string().nullable(),
  oldestUndeliveredAgeMs: z.number().nullable(),
  /** The newest event's sequence number (0: none yet). */
  lastSequence: z.number(),
  lastDeliveredSequence: z.number().nullable(),
  lastDelivery: z
    .object({
      at: z.string(),
      result: z.enum(['delivered', 'failed']),
      error: z.string().nullable(),
      batchId: z.string().nullable(),
    })
    .nullable(),
  lastDeliveredAt: z.string().nullable(),
  /** Failed attempts in a row, and when the next may be made (backoff). */
  failures: z.number(),
  nextAttemptAt: z.string().nullable(),
  /**
   * Events set aside because the receiver refused each on its own (413 too large, 400/422 not
   * valid), with why; out of the queue until compliance releases one (docs/decisions/063).
   */
  parked: z.number(),
  /** The oldest 50 parked, in sequence order. */
  parkedEvents: z.array(
    z.object({
      sequence: z.number(),
      eventId: z.string(),
      type: z.string(),
      occurredAt: z.string(),
      parkedAt: z.string(),
      reason: z.string(),
    }),
  ),
});
export type FeedStatusResponse = z.infer<typeof FeedStatusResponse>;

/**
 * The receiver simulator (development and tests: REGULATOR_FEED_SIMULATOR,
 * `/testing/regulator-feed/receiver`) answers as a regulator's receiver would. A batch taken:
 * how many events it held, whether its id was seen before, and its events already stored.
 */
export const FeedReceiverAccepted = z.object({
  batch_id: z.string(),
  received: z.number(),
  duplicate_batch: z.boolean(),
  duplicates: z.array(z.string()),
});
export type FeedReceiverAccepted = z.infer<typeof FeedReceiverAccepted>;

/** A batch refused (400, 401, 413, 500, 503): the receiver's reason only, as a real one gives. */
export const FeedReceiverRefusal = z.object({ error: z.string() });
export type FeedReceiverRefusal = z.infer<typeof FeedReceiverRefusal>;

/** GET on the simulator: what it has got. */
export const FeedReceiverSummary = z.object({
  attempts: z.number(),
  batches: z.number(),
  events: z.number(),
  lastSequence: z.number(),
  duplicateEvents: z.number(),
  duplicateBatches: z.number(),
  outOfOrder: z.number(),
  refusedSignatures: z.number(),
});
export type FeedReceiverSummary = z.infer<typeof FeedReceiverSummary>;
