import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { newId } from '../../lib/crypto.js';
import { recordFeedEvents } from '../regulator-feed/feed-outbox.service.js';
import type { LedgerEntriesTable, LedgerPot, Pot, WalletsTable } from './wallet.tables.js';

export type WalletRow = Selectable<WalletsTable>;
type LedgerKind = LedgerEntriesTable['kind'];

export class InsufficientFundsError extends Error {}

const WALLET_POTS: readonly LedgerPot[] = ['main', 'withdrawal', 'bonus'];
const isWalletPot = (pot: LedgerPot): pot is Pot => WALLET_POTS.includes(pot);

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
  // The regulator's feed, in this same transaction (docs/decisions/042-regulator-feed-outbox.md).
  await recordFeedEvents(db, entries);
  await db
    .updateTable('wallets')
    .set({ ...next, updated_at: now })
    .where('user_id', '=', wallet.user_id)
    .execute();
  return { ...wallet, ...next };
}

export interface LedgerBooking {
  pot: LedgerPot;
  /** Signed minor units. */
  amount: number;
  kind: LedgerKind;
}

/**
 * Books entries in the caller's transaction: one conditional UPDATE … RETURNING per wallet pot
 * with the pot's net movement (atomic on both databases; PostgreSQL re-checks the condition
 * after waiting for the row lock), then every entry in one INSERT, each wallet entry with its
 * pot's balance after it. InsufficientFundsError when a pot would end negative. An operator
 * account's balance is the sum of its entries: its entries carry no balance after (0).
 */
export async function bookEntries(
  db: Kysely<DB>,
  userId: string,
  bookings: LedgerBooking[],
  refId: string,
  now: number,
): Promise<void> {
  const entries = bookings.filter((b) => b.amount !== 0);
  if (entries.length === 0) return;
  const net = new Map<Pot, number>();
  for (const b of entries) if (isWalletPot(b.pot)) net.set(b.pot, (net.get(b.pot) ?? 0) + b.amount);
  // Each pot's balance before these entries: its balance after the UPDATE minus their sum.
  const running = new Map<Pot, number>();
  for (const [pot, amount] of net) {
    const moved = await db
      .updateTable('wallets')
      .set((eb) => ({ [pot]: eb(pot, '+', amount), version: eb('version', '+', 1), updated_at: now }))
      .where('user_id', '=', userId)
      .where((eb) => eb(eb(pot, '+', amount), '>=', 0))
      .returning(pot)
      .executeTakeFirst();
    if (!moved) throw new InsufficientFundsError();
    running.set(pot, moved[pot] - amount);
  }
  const rows = entries.map((b) => {
    let balanceAfter = 0;
    if (isWalletPot(b.pot)) {
      balanceAfter = running.get(b.pot)! + b.amount;
      running.set(b.pot, balanceAfter);
    }
    return {
      id: newId(),
      user_id: userId,
      pot: b.pot,
      amount: b.amount,
      balance_after: balanceAfter,
      kind: b.kind,
      ref_id: refId,
      created_at: now,
    };
  });
  await db.insertInto('ledger_entries').values(rows).execute();
  await recordFeedEvents(db, rows);
}

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

/** Every ledger account, so a query by time reads the (pot, created_at) index once per account. */
const LEDGER_POTS: readonly LedgerPot[] = [...WALLET_POTS, 'tax_excise', 'tax_withholding', 'operator'];

/**
 * The entries booked at or after `since` (epoch ms), counted and summed (signed cents) by kind
 * and account: a range of ledger_pot_time_idx per account (0008), so its cost follows the
 * entries in the window, not the ledger's size (docs/decisions/044-metrics.md).
 */
export const ledgerTotalsSince = (db: Kysely<DB>, since: number) =>
  db
    .selectFrom('ledger_entries')
    .select([
      'kind',
      'pot',
      (eb) => eb.fn.countAll<number | string>().as('count'),
      (eb) => eb.fn.sum<number | string>('amount').as('amount'),
    ])
    .where('pot', 'in', LEDGER_POTS)
    .where('created_at', '>=', since)
    .groupBy(['kind', 'pot'])
    .execute();
