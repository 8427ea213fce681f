/** Data access for the payment review queue: reviews and kept callbacks (their audit is the staff audit). */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { LedgerPot, PaymentCallbacksTable, PaymentReviewsTable } from './wallet.tables.js';

export type CallbackRow = Selectable<PaymentCallbacksTable>;

export async function insertReview(db: Kysely<DB>, row: Insertable<PaymentReviewsTable>): Promise<void> {
  await db.insertInto('payment_reviews').values(row).execute();
}

/** Keeps a callback that settled nothing; a redelivery (same body) is kept once. */
export async function insertCallbackOnce(db: Kysely<DB>, row: Insertable<PaymentCallbacksTable>) {
  await db
    .insertInto('payment_callbacks')
    .values(row)
    .onConflict((oc) => oc.column('body_hash').doNothing())
    .execute();
}

/** The open review of a transaction (the newest unresolved one). */
export const openReviewOf = (db: Kysely<DB>, transactionId: string) =>
  db
    .selectFrom('payment_reviews')
    .selectAll()
    .where('transaction_id', '=', transactionId)
    .where('resolved_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();

/** Transactions in review with their open review, oldest first. */
export const listOpenReviews = (db: Kysely<DB>, limit: number) =>
  db
    .selectFrom('payment_reviews as r')
    .innerJoin('wallet_transactions as t', 't.id', 'r.transaction_id')
    .select([
      'r.id as review_id',
      'r.reason',
      'r.status_before',
      'r.expected',
      'r.reported',
      'r.raw_callback',
      'r.created_at as review_created_at',
      't.id',
      't.user_id',
      't.type',
      't.status',
      't.amount',
      't.currency',
      't.phone_number',
      't.provider',
      't.provider_ref',
      't.created_at',
    ])
    .where('r.resolved_at', 'is', null)
    .where('t.status', '=', 'review')
    .orderBy('r.created_at', 'asc')
    .limit(limit)
    .execute();

/**
 * Withdrawals still pending that were asked at or before `askedBy` (past the guaranteed payout
 * time), oldest first. Served by wallet_tx_status_idx.
 */
export const listLatePayouts = (db: Kysely<DB>, askedBy: number, limit: number) =>
  db
    .selectFrom('wallet_transactions')
    .select(['id', 'user_id', 'amount', 'currency', 'phone_number', 'provider', 'provider_ref', 'created_at'])
    .where('type', '=', 'withdrawal')
    .where('status', '=', 'pending')
    .where('created_at', '<=', askedBy)
    .orderBy('created_at', 'asc')
    .limit(limit)
    .execute();

export const listOpenCallbacks = (db: Kysely<DB>, limit: number) =>
  db
    .selectFrom('payment_callbacks')
    .selectAll()
    .where('resolved_at', 'is', null)
    .orderBy('created_at', 'asc')
    .limit(limit)
    .execute();

export const findCallback = (db: Kysely<DB>, id: string) =>
  db.selectFrom('payment_callbacks').selectAll().where('id', '=', id).executeTakeFirst();

/** Closes a review or a kept callback if still open; true when this call closed it. */
export async function closeOpen(
  db: Kysely<DB>,
  table: 'payment_reviews' | 'payment_callbacks',
  id: string,
  now: number,
): Promise<boolean> {
  const row = await db
    .updateTable(table)
    .set({ resolved_at: now })
    .where('id', '=', id)
    .where('resolved_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The net of a transaction's ledger entries and of its earlier review adjustments, per pot. */
export async function netBooked(db: Kysely<DB>, refIds: string[], pot: LedgerPot) {
  const row = await db
    .selectFrom('ledger_entries')
    .select(db.fn.sum<number | string | null>('amount').as('total'))
    .where('ref_id', 'in', refIds)
    .where('pot', '=', pot)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export const reviewIdsOf = async (db: Kysely<DB>, transactionId: string) =>
  (
    await db.selectFrom('payment_reviews').select('id').where('transaction_id', '=', transactionId).execute()
  ).map((r) => r.id);
