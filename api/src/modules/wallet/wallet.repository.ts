import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { DB, LedgerEntriesTable, Pot, WalletsTable, WalletTransactionsTable } from '../../db/schema.js';
import { newId } from '../../lib/crypto.js';

type Db = Kysely<DB>;
export type WalletRow = Selectable<WalletsTable>;
export type WalletTxRow = Selectable<WalletTransactionsTable>;
export type LedgerKind = LedgerEntriesTable['kind'];

export class InsufficientFundsError extends Error {}

const walletByUser = prepared<WalletRow, { userId: string }>((db, param) =>
  db.selectFrom('wallets').selectAll().where('user_id', '=', param('userId')),
);

/** The committed pots, read outside any transaction (balance screen, game balance). */
export const getWallet = async (database: Database, userId: string): Promise<WalletRow | undefined> =>
  (await walletByUser.read(database, { userId }))[0];

/**
 * Takes the wallet row's write lock for the rest of the transaction (PostgreSQL: row lock;
 * SQLite: the transaction already holds the database write lock) and returns the current pots.
 * An UPDATE works the same on both databases, where SELECT … FOR UPDATE does not.
 */
export async function lockWallet(trx: Db, userId: string): Promise<WalletRow> {
  const row = await trx
    .updateTable('wallets')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new Error(`wallet missing for user ${userId}`);
  return row;
}

export interface Movement {
  pot: Pot;
  /** Signed minor units. */
  amount: number;
}

/**
 * Books movements on a locked wallet: one ledger entry per pot and the new pot totals, in the
 * caller's transaction. Refuses (InsufficientFundsError) when any pot would go negative.
 */
export async function applyMovements(
  trx: Db,
  wallet: WalletRow,
  movements: Movement[],
  kind: LedgerKind,
  refId: string,
  now: number,
): Promise<WalletRow> {
  const next = { main: wallet.main, withdrawal: wallet.withdrawal, bonus: wallet.bonus };
  for (const m of movements) next[m.pot] += m.amount;
  if (next.main < 0 || next.withdrawal < 0 || next.bonus < 0) throw new InsufficientFundsError();
  const entries = movements
    .filter((m) => m.amount !== 0)
    .map((m) => ({
      id: newId(),
      user_id: wallet.user_id,
      pot: m.pot,
      amount: m.amount,
      balance_after: next[m.pot],
      kind,
      ref_id: refId,
      created_at: now,
    }));
  if (entries.length === 0) return wallet;
  await trx.insertInto('ledger_entries').values(entries).execute();
  await trx
    .updateTable('wallets')
    .set({ ...next, updated_at: now })
    .where('user_id', '=', wallet.user_id)
    .execute();
  return { ...wallet, ...next };
}

export const ledgerEntriesFor = (db: Db, refId: string, kind: LedgerKind) =>
  db.selectFrom('ledger_entries').selectAll().where('ref_id', '=', refId).where('kind', '=', kind).execute();

export const findTxByIdempotencyKey = (db: Db, userId: string, key: string) =>
  db
    .selectFrom('wallet_transactions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

export const insertTx = (db: Db, row: WalletTxRow) =>
  db.insertInto('wallet_transactions').values(row).execute();

export const findTxById = (db: Db, id: string) =>
  db.selectFrom('wallet_transactions').selectAll().where('id', '=', id).executeTakeFirst();

export const findTxByProviderRef = (db: Db, provider: string, providerRef: string) =>
  db
    .selectFrom('wallet_transactions')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_ref', '=', providerRef)
    .executeTakeFirst();

/** Records the provider's reference; returns the status (a fast callback may already have settled it). */
export async function setProviderRef(db: Db, id: string, providerRef: string, now: number) {
  const row = await db
    .updateTable('wallet_transactions')
    .set({ provider_ref: providerRef, updated_at: now })
    .where('id', '=', id)
    .returning('status')
    .executeTakeFirst();
  return row?.status;
}

/** Moves a pending transaction to its final status; false when it had already left pending. */
export async function finishTx(
  db: Db,
  id: string,
  status: WalletTxRow['status'],
  failureReason: string | null,
  now: number,
): Promise<boolean> {
  const res = await db
    .updateTable('wallet_transactions')
    .set({ status, failure_reason: failureReason, updated_at: now, settled_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export interface PageCursor {
  createdAt: number;
  id: string;
}

type PageParams = { userId: string; type?: string; afterAt?: number; afterId?: string; limit: number };

/** Four shapes (type filter × cursor), each compiled once: the history screen is a hot read. */
function pageQuery(withType: boolean, withCursor: boolean) {
  return prepared<WalletTxRow, PageParams>((db, param) => {
    let q = db.selectFrom('wallet_transactions').selectAll().where('user_id', '=', param('userId'));
    if (withType) q = q.where('type', '=', param('type'));
    if (withCursor) {
      q = q.where((eb) =>
        eb.or([
          eb('created_at', '<', param('afterAt')),
          eb.and([eb('created_at', '=', param('afterAt')), eb('id', '<', param('afterId'))]),
        ]),
      );
    }
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(param('limit'));
  });
}
const PAGE_QUERIES = [
  pageQuery(false, false),
  pageQuery(true, false),
  pageQuery(false, true),
  pageQuery(true, true),
];

/** Newest first, keyset pagination (created_at, id). */
export function listTxPage(
  database: Database,
  userId: string,
  opts: { type?: WalletTxRow['type'] | undefined; after?: PageCursor | undefined; limit: number },
): Promise<WalletTxRow[]> {
  const query = PAGE_QUERIES[(opts.type ? 1 : 0) + (opts.after ? 2 : 0)]!;
  return query.read(database, {
    userId,
    limit: opts.limit,
    ...(opts.type ? { type: opts.type } : {}),
    ...(opts.after ? { afterAt: opts.after.createdAt, afterId: opts.after.id } : {}),
  });
}

export const pendingTxOlderThan = (db: Db, before: number, limit: number) =>
  db
    .selectFrom('wallet_transactions')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .orderBy('created_at', 'asc')
    .limit(limit)
    .execute();
