/**
 * What money-laundering monitoring reads and writes (aml-monitor.service.ts, aml-rules.ts): its
 * cursor over the money events, the alerts it raises, and the player's movements the rules
 * weigh. Every function takes the database or a transaction.
 */
import { type Insertable, type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AmlAlertsTable } from './aml.tables.js';

type Db = Kysely<DB>;

const CURSOR = 'outbox';
const WALLET_POTS = ['main', 'withdrawal', 'bonus'] as const;

export async function readCursor(db: Db): Promise<number> {
  const row = await db
    .selectFrom('aml_cursor')
    .select('last_sequence')
    .where('name', '=', CURSOR)
    .executeTakeFirst();
  return Number(row?.last_sequence ?? 0);
}

export async function saveCursor(db: Db, sequence: number, now: number): Promise<void> {
  await db
    .insertInto('aml_cursor')
    .values({ name: CURSOR, last_sequence: sequence, updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ last_sequence: sequence, updated_at: now }))
    .execute();
}

/** Inserts the alerts whose key is new; answers how many were. */
export async function insertAlerts(db: Db, alerts: Insertable<AmlAlertsTable>[]): Promise<number> {
  let inserted = 0;
  for (const alert of alerts) {
    const res = await db
      .insertInto('aml_alerts')
      .values(alert)
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .executeTakeFirst();
    inserted += Number(res.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}

export const userIdOfPlayerRef = async (db: Db, playerRef: string) =>
  (await db.selectFrom('users').select('id').where('player_ref', '=', playerRef).executeTakeFirst())?.id;

export interface Movement {
  /** The wallet transaction (deposit, withdrawal) or game transaction the entries belong to. */
  ref: string;
  /** Positive cents. */
  amount: number;
  at: number;
}

/**
 * A player's deposits or withdrawals as the ledger booked them (wallet pots; withdrawals as
 * positive amounts), from `from` to `to` inclusive, oldest first.
 */
export async function movements(
  db: Db,
  userId: string,
  kind: 'deposit' | 'withdrawal',
  from: number,
  to: number,
): Promise<Movement[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select([
      'ref_id',
      (eb) => eb.fn.sum<number>('amount').as('amount'),
      (eb) => eb.fn.min<number>('created_at').as('at'),
    ])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('pot', 'in', WALLET_POTS)
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .groupBy('ref_id')
    .orderBy('at')
    .orderBy('ref_id')
    .execute();
  return rows.map((r) => ({ ref: r.ref_id, amount: Math.abs(Number(r.amount)), at: Number(r.at) }));
}

/** What the player staked from `from` to `to` inclusive: bets less the bets rolled back, in cents. */
export async function staked(db: Db, userId: string, from: number, to: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<number>`coalesce(-sum(amount), 0)`.as('staked'))
    .where('user_id', '=', userId)
    .where('kind', 'in', ['bet', 'rollback'])
    .where('pot', 'in', WALLET_POTS)
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .executeTakeFirst();
  return Number(row?.staked ?? 0);
}

/** The accounts that asked for a withdrawal to `phone` from `from` to `to`, with their latest such withdrawal. */
export const payoutsToPhone = (db: Db, phone: string, from: number, to: number) =>
  db
    .selectFrom('wallet_transactions')
    .select(['user_id', (eb) => eb.fn.max<string>('id').as('last_tx')])
    .where('type', '=', 'withdrawal')
    .where('phone_number', '=', phone)
    .where('status', '!=', 'failed')
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .groupBy('user_id')
    .orderBy('user_id')
    .execute();
