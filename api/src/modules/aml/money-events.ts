/**
 * Where the monitoring reads the money's own events: the regulator feed's outbox
 * (regulator_feed_events, written in the same transaction as every ledger booking; decision 042).
 * The one place that knows that table: the monitor takes a `MoneyEventSource`, so another source
 * (a dedicated outbox, a stream) is a change here only.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface MoneyEvent {
  /** Strictly increasing, in commit order: the monitor's cursor. */
  sequence: number;
  /** The ledger kind (`deposit`, `withdrawal`, `bet`…) or a limit change. */
  type: string;
  occurredAt: number;
  /** The player's opaque reference (users.player_ref). */
  playerRef: string | null;
  /** The booking's reference: the wallet transaction's id for a deposit or a withdrawal. */
  reference: string | null;
}

export interface MoneyEventSource {
  /** Up to `limit` events after `sequence`, in order, read in the caller's transaction. */
  after(db: Kysely<DB>, sequence: number, limit: number): Promise<MoneyEvent[]>;
}

export const outboxEvents: MoneyEventSource = {
  async after(db, sequence, limit) {
    const rows = await db
      .selectFrom('regulator_feed_events')
      .select(['sequence', 'type', 'occurred_at', 'player_ref', 'payload'])
      .where('sequence', '>', sequence)
      .orderBy('sequence')
      .limit(limit)
      .execute();
    return rows.map((r) => {
      const payload = JSON.parse(r.payload) as { reference?: unknown };
      return {
        sequence: Number(r.sequence),
        type: r.type,
        occurredAt: Number(r.occurred_at),
        playerRef: r.player_ref,
        reference: typeof payload.reference === 'string' ? payload.reference : null,
      };
    });
  },
};
