/**
 * The feed's wire format, the one place that knows it (docs/regulator-feed.schema.json, JSON
 * Schema draft 2020-12; docs/decisions/042-regulator-feed-outbox.md). The authority's own
 * specification is not public yet: when it is, this adapter changes and the outbox does not.
 * Amounts are integer minor units (cents of KES); times ISO 8601 UTC.
 */
import type { Selectable } from 'kysely';
import type { RegulatorFeedEventsTable } from './regulator-feed.tables.js';

export const FEED_FORMAT = 'mchezo.regulator-feed.v1';
/** The header carrying `sha256=<hex HMAC-SHA256 of the body>` under REGULATOR_FEED_SECRET. */
export const FEED_SIGNATURE_HEADER = 'x-feed-signature';
/** The batch's id again, for a receiver that dedupes before it parses. */
export const FEED_BATCH_HEADER = 'x-feed-batch-id';

export type FeedRow = Pick<
  Selectable<RegulatorFeedEventsTable>,
  'sequence' | 'event_id' | 'type' | 'occurred_at' | 'player_ref' | 'payload'
>;

/** Our event types as the wire names them. */
const WIRE_TYPES: Record<FeedRow['type'], string> = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  withdrawal_reversal: 'withdrawal_reversal',
  bet: 'bet',
  win: 'win',
  rollback: 'rollback',
  review_adjustment: 'adjustment',
  // A manual adjustment approved by two finance people (decision 055): an adjustment on the wire too.
  manual_adjustment: 'adjustment',
  excise_duty: 'tax_excise',
  withholding_tax: 'tax_withholding',
  withholding_tax_refund: 'tax_withholding_refund',
  limit_change: 'limit_change',
  self_exclusion: 'self_exclusion',
};

interface StoredEntry {
  account: string;
  amount: number;
  balance_after: number | null;
}

export interface WireEvent {
  event_id: string;
  sequence: number;
  type: string;
  occurred_at: string;
  player_ref: string | null;
  data: Record<string, unknown>;
}

export interface WireBatch {
  format: typeof FEED_FORMAT;
  batch_id: string;
  sent_at: string;
  operator: { licence: string | null };
  first_sequence: number;
  last_sequence: number;
  events: WireEvent[];
}

/**
 * A batch's id, from the sequences it spans: the same events make the same id, so a batch sent
 * again after a failure, a timeout or a restart is recognised by the receiver as well as its events.
 */
export const batchIdOf = (rows: readonly FeedRow[]) =>
  `b-${rows[0]?.sequence ?? 0}-${rows[rows.length - 1]?.sequence ?? 0}`;

function wireData(row: FeedRow): Record<string, unknown> {
  const payload = JSON.parse(row.payload) as Record<string, unknown>;
  if (!Array.isArray(payload.entries)) return payload;
  return {
    reference: payload.reference,
    currency: 'KES',
    entries: (payload.entries as StoredEntry[]).map((e) => ({
      account: e.account,
      amount_minor: e.amount,
      balance_after_minor: e.balance_after,
    })),
  };
}

const wireEvent = (row: FeedRow): WireEvent => ({
  event_id: row.event_id,
  sequence: row.sequence,
  type: WIRE_TYPES[row.type],
  occurred_at: new Date(row.occurred_at).toISOString(),
  player_ref: row.player_ref,
  data: wireData(row),
});

const envelope = (
  rows: readonly FeedRow[],
  sentAt: number,
  licence: string | undefined,
  events: WireEvent[],
): WireBatch => ({
  format: FEED_FORMAT,
  batch_id: batchIdOf(rows),
  sent_at: new Date(sentAt).toISOString(),
  operator: { licence: licence ?? null },
  first_sequence: rows[0]?.sequence ?? 0,
  last_sequence: rows[rows.length - 1]?.sequence ?? 0,
  events,
});

export function feedBatch(rows: readonly FeedRow[], sentAt: number, licence: string | undefined): WireBatch {
  return envelope(rows, sentAt, licence, rows.map(wireEvent));
}

/**
 * The longest run of `rows` (from the first, at least one) whose batch body is at most `maxBytes`
 * bytes of UTF-8 (docs/decisions/063): the batch, its JSON body and the rows it holds. One event
 * larger than `maxBytes` goes alone (the receiver may still take it; if not, it is parked).
 */
export function sizedBatch(
  rows: readonly FeedRow[],
  sentAt: number,
  licence: string | undefined,
  maxBytes: number,
): { batch: WireBatch; body: string; rows: readonly FeedRow[] } {
  const events = rows.map(wireEvent);
  const sizes = events.map((e) => Buffer.byteLength(JSON.stringify(e)));
  // `{…"events":[]}` for the run 0..n-1, plus its events and the commas between them.
  const bytesOf = (n: number, eventBytes: number) =>
    Buffer.byteLength(JSON.stringify(envelope(rows.slice(0, n), sentAt, licence, []))) + eventBytes + n - 1;
  let n = Math.min(1, rows.length);
  let eventBytes = sizes[0] ?? 0;
  while (n < rows.length && bytesOf(n + 1, eventBytes + (sizes[n] ?? 0)) <= maxBytes) {
    eventBytes += sizes[n] ?? 0;
    n++;
  }
  const taken = rows.slice(0, n);
  const batch = envelope(taken, sentAt, licence, events.slice(0, n));
  return { batch, body: JSON.stringify(batch), rows: taken };
}
