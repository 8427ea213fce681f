import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, LedgerEntriesTable, LedgerPot, Pot, WalletsTable } from '../../db/schema.js';
import { newId } from '../../lib/crypto.js';

export type WalletRow = Selectable<WalletsTable>;
type LedgerKind = LedgerEntriesTable['kind'];

export class InsufficientFundsError extends Error {}

export const insertWallet = (db: Kysely<DB>, row: WalletRow) =>
  db.insertInto('wallets').values(row).execute();

/**
 * The user's pots as last committed (or as written so far, inside a transaction). SQL rather
 * than the query builder: the balance screen's read, as hot as the session check
 * (docs/decisions/012-sqlite-group-commit.md).
 */
export const findWallet = async (db: Kysely<DB>, userId: string) => {
  const { rows } = await sql<WalletRow>`select * from wallets where user_id = ${userId}`.execute(db);
  return rows[0];
};

/**
 * Takes the wallet row's write lock for the rest of the transaction (PostgreSQL: row lock;
 * SQLite: the transaction already holds the database write lock) and returns the current pots.
 * An UPDATE works the same on both databases, where SELECT … FOR UPDATE does not.
 */
export async function lockWallet(db: Kysely<DB>, userId: string): Promise<WalletRow> {
  const row = await db
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
  db: Kysely<DB>,
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
  await db.insertInto('ledger_entries').values(entries).execute();
  await db
    .updateTable('wallets')
    .set({ ...next, updated_at: now })
    .where('user_id', '=', wallet.user_id)
    .execute();
  return { ...wallet, ...next };
}

/**
 * Moves money in one pot and books its ledger entry, in the caller's transaction: a conditional
 * UPDATE … RETURNING (atomic on both databases; PostgreSQL re-checks the condition after waiting
 * for the row lock) then the entry with the balance after. InsufficientFundsError when the pot
 * would go negative.
 */
export async function movePot(
  db: Kysely<DB>,
  userId: string,
  pot: Pot,
  amount: number,
  kind: LedgerKind,
  refId: string,
  now: number,
): Promise<void> {
  const moved = await db
    .updateTable('wallets')
    .set((eb) => ({ [pot]: eb(pot, '+', amount), version: eb('version', '+', 1), updated_at: now }))
    .where('user_id', '=', userId)
    .where((eb) => eb(eb(pot, '+', amount), '>=', 0))
    .returning(pot)
    .executeTakeFirst();
  if (!moved) throw new InsufficientFundsError();
  await insertLedgerEntry(db, { userId, pot, amount, balanceAfter: moved[pot], kind, refId, now });
}

/** One ledger entry: a wallet pot's (with its balance after) or an operator account's. */
export const insertLedgerEntry = (
  db: Kysely<DB>,
  e: {
    userId: string;
    pot: LedgerPot;
    amount: number;
    balanceAfter: number;
    kind: LedgerKind;
    refId: string;
    now: number;
  },
) =>
  db
    .insertInto('ledger_entries')
    .values({
      id: newId(),
      user_id: e.userId,
      pot: e.pot,
      amount: e.amount,
      balance_after: e.balanceAfter,
      kind: e.kind,
      ref_id: e.refId,
      created_at: e.now,
    })
    .execute();

/** A movement's wallet entries (game kinds: operator accounts only ever carry tax kinds). */
export const ledgerEntriesFor = (db: Kysely<DB>, refId: string, kind: LedgerKind) =>
  db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('ref_id', '=', refId)
    .where('kind', '=', kind)
    .where('pot', 'in', ['main', 'withdrawal', 'bonus'])
    .$narrowType<{ pot: Pot }>()
    .execute();
