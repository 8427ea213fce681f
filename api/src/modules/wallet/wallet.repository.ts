import { type Kysely, type Selectable, sql } from 'kysely';
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
  walletByUser.readFirst(database, { userId });

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

const LEDGER_INSERT = prepared<
  never,
  {
    id: string;
    user_id: string;
    pot: Pot;
    amount: number;
    balance_after: number;
    kind: LedgerKind;
    ref_id: string;
    created_at: number;
  }
>((db, param) =>
  db.insertInto('ledger_entries').values({
    id: param('id'),
    user_id: param('user_id'),
    pot: param('pot'),
    amount: param('amount'),
    balance_after: param('balance_after'),
    kind: param('kind'),
    ref_id: param('ref_id'),
    created_at: param('created_at'),
  }),
);

type MoveParams = { userId: string; amount: number; now: number };

/**
 * One statement per pot: add `amount` only if the pot stays >= 0; the row lock is taken by it.
 * It returns the pot alone: a row object costs a JS property per column.
 */
const MOVE_POT = Object.fromEntries(
  (['main', 'withdrawal', 'bonus'] as const).map((pot) => [
    pot,
    prepared<Partial<Record<Pot, number>>, MoveParams>((db, param) =>
      db
        .updateTable('wallets')
        .set((eb) => ({
          [pot]: eb(pot, '+', param('amount')),
          version: eb('version', '+', 1),
          updated_at: param('now'),
        }))
        .where('user_id', '=', param('userId'))
        .where((eb) => eb(eb(pot, '+', param('amount')), '>=', 0))
        .returning(pot),
    ),
  ]),
) as Record<Pot, ReturnType<typeof prepared<Partial<Record<Pot, number>>, MoveParams>>>;

/**
 * Moves money in one pot and books its ledger entry, in the caller's transaction: a conditional
 * UPDATE … RETURNING (atomic on both databases; PostgreSQL re-checks the condition after waiting
 * for a row lock) then the entry with the balance after. InsufficientFundsError when the pot
 * would go negative.
 */
export async function movePot(
  trx: Db,
  userId: string,
  pot: Pot,
  amount: number,
  kind: LedgerKind,
  refId: string,
  now: number,
): Promise<void> {
  const [moved] = await MOVE_POT[pot].run(trx, { userId, amount, now });
  if (!moved) throw new InsufficientFundsError();
  await LEDGER_INSERT.run(trx, {
    id: newId(),
    user_id: userId,
    pot,
    amount,
    balance_after: moved[pot]!,
    kind,
    ref_id: refId,
    created_at: now,
  });
}

export const ledgerEntriesFor = (db: Db, refId: string, kind: LedgerKind) =>
  db.selectFrom('ledger_entries').selectAll().where('ref_id', '=', refId).where('kind', '=', kind).execute();

const TX_BY_KEY = prepared<WalletTxRow, { userId: string; key: string }>((db, param) =>
  db
    .selectFrom('wallet_transactions')
    .selectAll()
    .where('user_id', '=', param('userId'))
    .where('idempotency_key', '=', param('key')),
);

export const findTxByIdempotencyKey = async (db: Db, userId: string, key: string) =>
  (await TX_BY_KEY.run(db, { userId, key }))[0];

const TX_COLUMNS = [
  'id',
  'user_id',
  'type',
  'status',
  'amount',
  'currency',
  'phone_number',
  'payment_method',
  'provider',
  'provider_ref',
  'idempotency_key',
  'request_hash',
  'failure_reason',
  'created_at',
  'updated_at',
  'settled_at',
] as const satisfies readonly (keyof WalletTxRow)[];

const INSERT_TX = prepared<never, WalletTxRow & Record<string, unknown>>((db, param) =>
  db
    .insertInto('wallet_transactions')
    .values(Object.fromEntries(TX_COLUMNS.map((c) => [c, param(c)])) as never),
);

export const insertTx = (db: Db, row: WalletTxRow) =>
  INSERT_TX.run(db, row as WalletTxRow & Record<string, unknown>);

const TX_BY_ID = prepared<WalletTxRow, { id: string }>((db, param) =>
  db.selectFrom('wallet_transactions').selectAll().where('id', '=', param('id')),
);

/** A game stake, win or rollback by the provider's own transaction id (its idempotency key). */
export const findGameTx = (db: Db, providerTxId: string) =>
  db
    .selectFrom('game_transactions')
    .selectAll()
    .where('provider_tx_id', '=', providerTxId)
    .executeTakeFirst();

export const findTxById = async (db: Db, id: string) => (await TX_BY_ID.run(db, { id }))[0];

const TX_PROVIDER_BY_ID = prepared<Pick<WalletTxRow, 'provider' | 'provider_ref'>, { id: string }>(
  (db, param) =>
    db.selectFrom('wallet_transactions').select(['provider', 'provider_ref']).where('id', '=', param('id')),
);

/** Who a transaction belongs to at the provider: what a callback naming our id must match. */
export const findTxProvider = async (db: Db, id: string) => (await TX_PROVIDER_BY_ID.run(db, { id }))[0];

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

/** What settling needs of the settled transaction. */
export type SettledTx = Pick<WalletTxRow, 'user_id' | 'type' | 'status' | 'amount'>;

const SETTLE = prepared<SettledTx, { id: string; completed: number; reason: string | null; now: number }>(
  (db, param) =>
    db
      .updateTable('wallet_transactions')
      .set({
        // A completed deposit or payout is `completed`; a failed deposit `failed`; a failed payout
        // `reversed` (its reserved money goes back).
        status: sql<
          WalletTxRow['status']
        >`case when ${param('completed')} = 1 then 'completed' when "type" = 'deposit' then 'failed' else 'reversed' end`,
        failure_reason: param('reason'),
        updated_at: param('now'),
        settled_at: param('now'),
      })
      .where('id', '=', param('id'))
      .where('status', '=', 'pending')
      .returning(['user_id', 'type', 'status', 'amount']),
);

/**
 * Moves a pending transaction to its final status and returns it; undefined when it had already
 * left pending (the conditional update is the guard against double settlement).
 */
export async function finishTx(
  db: Db,
  id: string,
  completed: boolean,
  failureReason: string | null,
  now: number,
): Promise<SettledTx | undefined> {
  const [row] = await SETTLE.run(db, { id, completed: completed ? 1 : 0, reason: failureReason, now });
  return row;
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
