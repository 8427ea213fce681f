import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { GameTransactionsTable } from './wallet.tables.js';

/** A game provider's stake, win or rollback, keyed by the provider's own transaction id. */
type GameTxRow = Selectable<GameTransactionsTable>;

export const findGameTx = (db: Kysely<DB>, providerTxId: string) =>
  db
    .selectFrom('game_transactions')
    .selectAll()
    .where('provider_tx_id', '=', providerTxId)
    .executeTakeFirst();

/** The rollback recorded for a stake, when it came before the stake itself. */
export const findRollbackOf = (db: Kysely<DB>, providerTxId: string) =>
  db
    .selectFrom('game_transactions')
    .select('provider_tx_id')
    .where('related_tx_id', '=', providerTxId)
    .where('kind', '=', 'rollback')
    .executeTakeFirst();

export const insertGameTx = (db: Kysely<DB>, row: GameTxRow) =>
  db.insertInto('game_transactions').values(row).execute();

export const markRolledBack = (db: Kysely<DB>, providerTxId: string) =>
  db
    .updateTable('game_transactions')
    .set({ status: 'rolled_back' })
    .where('provider_tx_id', '=', providerTxId)
    .execute();

export interface RoundRow {
  round_id: string;
  game_id: string;
  started_at: number;
  last_at: number;
  stakes: number;
  wins: number;
  rolled_back: number;
}

/**
 * The player's game rounds, the latest played first, keyset-paged by (last activity, round id):
 * stakes and wins not rolled back, in cents. Reads the player's rows through
 * game_tx_user_time_idx (user_id, created_at): bounded by the player, not the table.
 */
export async function roundsPage(
  db: Kysely<DB>,
  userId: string,
  before: { at: number; roundId: string } | undefined,
  limit: number,
): Promise<RoundRow[]> {
  const last = sql`max(created_at)`;
  const { rows } = await sql<RoundRow>`
    select round_id, min(game_id) as game_id, min(created_at) as started_at, ${last} as last_at,
      sum(case when kind = 'bet' and status = 'ok' then amount else 0 end) as stakes,
      sum(case when kind = 'win' and status = 'ok' then amount else 0 end) as wins,
      max(case when status = 'rolled_back' then 1 else 0 end) as rolled_back
    from game_transactions
    where user_id = ${userId}
    group by round_id
    ${before ? sql`having ${last} < ${before.at} or (${last} = ${before.at} and round_id < ${before.roundId})` : sql``}
    order by last_at desc, round_id desc
    limit ${limit}`.execute(db);
  return rows;
}
