/** Data access for Paybill (C2B) deposits: account numbers and the payments received. */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { PaybillPaymentsTable } from './wallet.tables.js';

export type PaybillPaymentRow = Selectable<PaybillPaymentsTable>;

export const findAccountOf = async (db: Kysely<DB>, userId: string) =>
  (
    await db
      .selectFrom('paybill_accounts')
      .select('account_number')
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.account_number;

export const findAccountHolder = async (db: Kysely<DB>, accountNumber: string) =>
  (
    await db
      .selectFrom('paybill_accounts')
      .select('user_id')
      .where('account_number', '=', accountNumber)
      .executeTakeFirst()
  )?.user_id;

/**
 * Gives the player this account number unless they (or another player, for this number) already
 * have one: nothing is written on either conflict.
 */
export async function insertAccountOnce(db: Kysely<DB>, userId: string, accountNumber: string, now: number) {
  await db
    .insertInto('paybill_accounts')
    .values({ user_id: userId, account_number: accountNumber, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Keeps a confirmation once per TransID; false when that TransID was already received. */
export async function insertPaymentOnce(db: Kysely<DB>, row: Insertable<PaybillPaymentsTable>) {
  const inserted = await db
    .insertInto('paybill_payments')
    .values(row)
    .onConflict((oc) => oc.column('trans_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export const findPayment = (db: Kysely<DB>, id: string) =>
  db.selectFrom('paybill_payments').selectAll().where('id', '=', id).executeTakeFirst();

/** Payments in suspense, oldest first. */
export const listSuspense = (db: Kysely<DB>, limit: number) =>
  db
    .selectFrom('paybill_payments')
    .selectAll()
    .where('status', '=', 'suspense')
    .orderBy('created_at', 'asc')
    .limit(limit)
    .execute();

/** Suspense → credited to a player, if still in suspense; true when this call moved it. */
export async function assignPayment(
  db: Kysely<DB>,
  id: string,
  userId: string,
  transactionId: string,
  now: number,
) {
  const row = await db
    .updateTable('paybill_payments')
    .set({ status: 'credited', user_id: userId, transaction_id: transactionId, resolved_at: now })
    .where('id', '=', id)
    .where('status', '=', 'suspense')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
