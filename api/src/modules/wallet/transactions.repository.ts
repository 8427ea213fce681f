import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { WalletTransactionsTable } from './wallet.tables.js';

/** A deposit or withdrawal through mobile money. */
export type WalletTxRow = Selectable<WalletTransactionsTable>;

/**
 * Inserts the transaction unless the player already used its Idempotency-Key; true when it was
 * inserted. The unique (user_id, idempotency_key) constraint decides, so two concurrent requests
 * with one key cannot both insert: the second waits for the first and inserts nothing.
 */
export async function insertTxOnce(db: Kysely<DB>, row: WalletTxRow): Promise<boolean> {
  const inserted = await db
    .insertInto('wallet_transactions')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export const findTxById = (db: Kysely<DB>, id: string) =>
  db.selectFrom('wallet_transactions').selectAll().where('id', '=', id).executeTakeFirst();

export const findTxByIdempotencyKey = (db: Kysely<DB>, userId: string, key: string) =>
  db
    .selectFrom('wallet_transactions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

export const findTxByProviderRef = (db: Kysely<DB>, provider: string, providerRef: string) =>
  db
    .selectFrom('wallet_transactions')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_ref', '=', providerRef)
    .executeTakeFirst();

/** Records the provider's reference; returns the status (a fast callback may already have settled it). */
export async function setProviderRef(db: Kysely<DB>, id: string, providerRef: string, now: number) {
  const row = await db
    .updateTable('wallet_transactions')
    .set({ provider_ref: providerRef, updated_at: now })
    .where('id', '=', id)
    .returning('status')
    .executeTakeFirst();
  return row?.status;
}

/**
 * Moves a pending transaction to its final status and returns what settling needs of it;
 * undefined when it had already left pending (the conditional update is the guard against
 * double settlement). A completed deposit or payout is `completed`; a failed deposit `failed`;
 * a failed payout `reversed` (its reserved money goes back).
 */
export const finishTx = (
  db: Kysely<DB>,
  id: string,
  completed: boolean,
  failureReason: string | null,
  now: number,
) =>
  db
    .updateTable('wallet_transactions')
    .set((eb) => ({
      status: completed
        ? 'completed'
        : eb
            .case()
            .when('type', '=', 'deposit')
            .then('failed')
            .else('reversed')
            .end()
            .$castTo<WalletTxRow['status']>(),
      failure_reason: failureReason,
      updated_at: now,
      settled_at: now,
    }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(['user_id', 'type', 'status', 'amount', 'tax_kind', 'tax_amount', 'tax_mode'])
    .executeTakeFirst();

/**
 * Moves a transaction to `review` if it still has the status it was read with; true when it did
 * (of two concurrent writers only one moves it).
 */
export async function markReview(db: Kysely<DB>, id: string, from: WalletTxRow['status'], now: number) {
  const row = await db
    .updateTable('wallet_transactions')
    .set({ status: 'review', updated_at: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** An operator's decision on a transaction in review; undefined when it is no longer in review. */
export const resolveReviewedTx = (
  db: Kysely<DB>,
  id: string,
  status: 'completed' | 'failed' | 'reversed',
  failureReason: string | null,
  now: number,
) =>
  db
    .updateTable('wallet_transactions')
    .set({ status, failure_reason: failureReason, updated_at: now, settled_at: now })
    .where('id', '=', id)
    .where('status', '=', 'review')
    .returning('id')
    .executeTakeFirst();

/** Records the provider's reference a callback brought, unless one is already known. */
export async function setProviderRefIfMissing(db: Kysely<DB>, id: string, providerRef: string, now: number) {
  await db
    .updateTable('wallet_transactions')
    .set({ provider_ref: providerRef, updated_at: now })
    .where('id', '=', id)
    .where('provider_ref', 'is', null)
    .execute();
}

export interface PageCursor {
  createdAt: number;
  id: string;
}

/** Newest first, keyset pagination (created_at, id). */
export function listTxPage(
  db: Kysely<DB>,
  userId: string,
  {
    type,
    after,
    limit,
  }: { type?: WalletTxRow['type'] | undefined; after?: PageCursor | undefined; limit: number },
): Promise<WalletTxRow[]> {
  let query = db.selectFrom('wallet_transactions').selectAll().where('user_id', '=', userId);
  if (type) query = query.where('type', '=', type);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/**
 * Claims up to `limit` pending transactions due for a reconciliation check (next_check_at <=
 * now), earliest due first, by moving their next_check_at to `leaseUntil` in the same
 * statement, and returns them. Another instance running a pass at the same moment no longer
 * sees them as due, so each is asked about by one instance; if this one dies mid-pass, they are
 * due again when the lease ends. On PostgreSQL `FOR UPDATE SKIP LOCKED` makes a concurrent claim
 * pass over rows being claimed instead of waiting for them (and a row whose claim committed
 * meanwhile is re-checked against `next_check_at <= now` and left out). On SQLite one process
 * owns the file and statements run one at a time, so the plain statement is enough.
 */
export const claimDueTx = (
  db: Kysely<DB>,
  {
    now,
    leaseUntil,
    limit,
    skipLocked,
  }: { now: number; leaseUntil: number; limit: number; skipLocked: boolean },
) =>
  db
    .updateTable('wallet_transactions')
    .set({ next_check_at: leaseUntil })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('wallet_transactions')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_check_at', '<=', now)
        .orderBy('next_check_at', 'asc')
        .orderBy('id', 'asc')
        .limit(limit)
        .$if(skipLocked, (q) => q.forUpdate().skipLocked()),
    )
    .where('status', '=', 'pending')
    .returningAll()
    .execute();

/** Sets when a still-pending transaction is next checked (a settled one is left alone). */
export const scheduleNextCheck = (db: Kysely<DB>, id: string, nextCheckAt: number, checkCount: number) =>
  db
    .updateTable('wallet_transactions')
    .set({ next_check_at: nextCheckAt, check_count: checkCount })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();

/**
 * The reconciliation queue in one indexed query: per status (pending, review) how many, the
 * oldest created_at, and how many are due (next_check_at <= now).
 */
export const reconciliationCounts = (db: Kysely<DB>, now: number) =>
  db
    .selectFrom('wallet_transactions')
    .select((eb) => [
      'status',
      eb.fn.countAll<number>().as('count'),
      eb.fn.min<number | null>('created_at').as('oldest_created_at'),
      eb.fn.sum<number | null>(eb.case().when('next_check_at', '<=', now).then(1).else(0).end()).as('due'),
    ])
    .where('status', 'in', ['pending', 'review'])
    .groupBy('status')
    .execute();

/** A staff reader's filters over one player's transactions (modules/players). */
export interface StaffTxFilter {
  type?: WalletTxRow['type'] | undefined;
  status?: WalletTxRow['status'] | undefined;
  /** [from, to) on created_at, epoch ms. */
  from?: number | undefined;
  to?: number | undefined;
  after?: PageCursor | undefined;
  limit: number;
}

/** Newest first, every status (review included), through wallet_tx_user_idx (user_id, created_at, id). */
export function listTxForStaff(db: Kysely<DB>, userId: string, f: StaffTxFilter): Promise<WalletTxRow[]> {
  let query = db.selectFrom('wallet_transactions').selectAll().where('user_id', '=', userId);
  if (f.type) query = query.where('type', '=', f.type);
  if (f.status) query = query.where('status', '=', f.status);
  if (f.from !== undefined) query = query.where('created_at', '>=', f.from);
  if (f.to !== undefined) query = query.where('created_at', '<', f.to);
  const { after } = f;
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
}
