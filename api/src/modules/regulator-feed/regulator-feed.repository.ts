import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { FeedRow } from './feed-format.js';
import type { RegulatorFeedStateTable } from './regulator-feed.tables.js';

/** The delivery's one state row. */
const STATE = 'delivery';

/** The oldest undelivered events not parked, in sequence order. */
export const undeliveredEvents = (db: Kysely<DB>, limit: number): Promise<FeedRow[]> =>
  db
    .selectFrom('regulator_feed_events')
    .select(['sequence', 'event_id', 'type', 'occurred_at', 'player_ref', 'payload'])
    .where('delivered_at', 'is', null)
    .where('parked_at', 'is', null)
    .orderBy('sequence')
    .limit(limit)
    .execute();

export const markDelivered = (db: Kysely<DB>, sequences: number[], batchId: string, now: number) =>
  db
    .updateTable('regulator_feed_events')
    .set({ delivered_at: now, batch_id: batchId })
    .where('sequence', 'in', sequences)
    .where('delivered_at', 'is', null)
    .execute();

/** Every event from `fromSequence` on is undelivered again (same ids); answers how many were delivered. */
export async function requeueFrom(db: Kysely<DB>, fromSequence: number): Promise<number> {
  const result = await db
    .updateTable('regulator_feed_events')
    .set({ delivered_at: null, batch_id: null })
    .where('sequence', '>=', fromSequence)
    .where('delivered_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sets an undelivered event aside with its reason (decision 063); answers whether it was in the queue. */
export async function parkEvent(
  db: Kysely<DB>,
  sequence: number,
  reason: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('regulator_feed_events')
    .set({ parked_at: now, parked_reason: reason })
    .where('sequence', '=', sequence)
    .where('delivered_at', 'is', null)
    .where('parked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Puts a parked event back in the queue (at its own sequence); answers whether it was parked. */
export async function releaseParked(db: Kysely<DB>, sequence: number): Promise<boolean> {
  const result = await db
    .updateTable('regulator_feed_events')
    .set({ parked_at: null, parked_reason: null })
    .where('sequence', '=', sequence)
    .where('parked_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many events are parked, and the oldest `limit` of them. */
export async function parkedEvents(db: Kysely<DB>, limit: number) {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('regulator_feed_events')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('parked_at', 'is not', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('regulator_feed_events')
      .select(['sequence', 'event_id', 'type', 'occurred_at', 'parked_at', 'parked_reason'])
      .where('parked_at', 'is not', null)
      .orderBy('sequence')
      .limit(limit)
      .execute(),
  ]);
  return { count: Number(count.n), rows };
}

export async function deliveryState(db: Kysely<DB>) {
  return db.selectFrom('regulator_feed_state').selectAll().where('name', '=', STATE).executeTakeFirst();
}

type StateChange = Partial<
  Omit<RegulatorFeedStateTable, 'name' | 'failures' | 'next_attempt_at' | 'parked_in_a_row'>
> & {
  failures?: number;
  next_attempt_at?: number;
  parked_in_a_row?: number;
};

/** Writes the state row (made at the first write). */
export async function saveDeliveryState(db: Kysely<DB>, change: StateChange): Promise<void> {
  await db
    .insertInto('regulator_feed_state')
    .values({ name: STATE, ...change })
    .onConflict((oc) => oc.column('name').doUpdateSet(change))
    .execute();
}

export async function backlog(db: Kysely<DB>) {
  const row = await db
    .selectFrom('regulator_feed_events')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('occurred_at').as('oldest')])
    .where('delivered_at', 'is', null)
    .where('parked_at', 'is', null)
    .executeTakeFirstOrThrow();
  const last = await db
    .selectFrom('regulator_feed_events')
    .select((eb) => eb.fn.max('sequence').as('last'))
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    oldest: row.oldest === null ? null : Number(row.oldest),
    lastSequence: Number(last.last ?? 0),
  };
}
