/**
 * The regulator feed module's tables (./migrations/0019-regulator-feed.ts, 0046-feed-parking.ts,
 * 0047-feed-receiver.ts): the outbox, the delivery's state, and the built-in receiver's store. Part of `DB` in db/schema.ts; row types never leave the server.
 */
import type { Generated } from 'kysely';

export interface RegulatorFeedTables {
  regulator_feed_events: RegulatorFeedEventsTable;
  regulator_feed_state: RegulatorFeedStateTable;
  regulator_feed_receiver_events: RegulatorFeedReceiverEventsTable;
  regulator_feed_receiver_batches: RegulatorFeedReceiverBatchesTable;
  regulator_feed_receiver_stats: RegulatorFeedReceiverStatsTable;
}

export interface RegulatorFeedEventsTable {
  /** Assigned by the database at insert, strictly increasing: the order of delivery. */
  sequence: Generated<number>;
  /** Unique and kept for good (replays send it again): the receiver dedupes on it. */
  event_id: string;
  type: FeedEventType;
  /** Epoch ms. */
  occurred_at: number;
  /** users.player_ref (opaque); null for an event of no player. */
  player_ref: string | null;
  /** JSON, what feed-format.ts puts on the wire as the event's `data`. */
  payload: string;
  /** The batch that was delivered with a 2xx (null until then, and again after a replay). */
  batch_id: string | null;
  delivered_at: number | null;
  /**
   * Set aside (epoch ms) because the receiver refused this event on its own (0046, decision 063):
   * out of the queue until compliance releases it; null otherwise.
   */
  parked_at: number | null;
  /** Why, in words (the receiver's status), never a secret. */
  parked_reason: string | null;
}

/**
 * The ledger's kinds (one event per kind of a booking; the wallet's bookings pass their
 * ledger_entries kind, so a kind missing here fails to compile there), and the safer-gambling
 * changes a regulator is told about. Spelled out rather than read from db/schema.ts, which
 * imports this file.
 */
export type FeedEventType =
  | 'deposit'
  | 'withdrawal'
  | 'withdrawal_reversal'
  | 'bet'
  | 'win'
  | 'rollback'
  | 'review_adjustment'
  | 'excise_duty'
  | 'withholding_tax'
  | 'withholding_tax_refund'
  | 'manual_adjustment'
  | 'limit_change'
  | 'self_exclusion';

export interface RegulatorFeedStateTable {
  /** `delivery`: one row. */
  name: string;
  last_attempt_at: number | null;
  last_result: 'delivered' | 'failed' | null;
  /** What went wrong last (status or timeout), never a secret. */
  last_error: string | null;
  /** Failed attempts in a row: the backoff's exponent. */
  failures: Generated<number>;
  /** No attempt before this (epoch ms): the backoff. */
  next_attempt_at: Generated<number>;
  /** Events parked since the last delivered batch (0046): past MAX_PARKED_IN_A_ROW, no more are. */
  parked_in_a_row: Generated<number>;
  last_delivered_at: number | null;
  last_delivered_sequence: number | null;
  last_batch_id: string | null;
}

/** What the built-in receiver got (0047, development and tests): each event once. */
export interface RegulatorFeedReceiverEventsTable {
  event_id: string;
  sequence: number;
  batch_id: string;
  received_at: number;
  /** JSON, the wire event. */
  event: string;
}

export interface RegulatorFeedReceiverBatchesTable {
  batch_id: string;
  /** Times received. */
  received: number;
  first_received_at: number;
}

/** The built-in receiver's counters: one row, `simulator`. */
export interface RegulatorFeedReceiverStatsTable {
  name: string;
  attempts: Generated<number>;
  duplicate_events: Generated<number>;
  duplicate_batches: Generated<number>;
  out_of_order: Generated<number>;
  refused_signatures: Generated<number>;
}
