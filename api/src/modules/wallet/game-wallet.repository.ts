import type { Kysely, Selectable } from 'kysely';
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
