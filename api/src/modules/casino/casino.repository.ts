import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { GameLaunchesTable, GamesTable } from './casino.tables.js';

type Db = Kysely<DB>;
export type GameRow = Selectable<GamesTable>;

export const listEnabledGames = (db: Db) =>
  db.selectFrom('games').selectAll().where('enabled', '=', 1).orderBy('sort_order').execute();

export const findGame = (db: Db, id: string) =>
  db.selectFrom('games').selectAll().where('id', '=', id).where('enabled', '=', 1).executeTakeFirst();

/** Inserts catalogue games that are not there yet; existing rows (maybe disabled by an operator) stay. */
export async function insertMissingGames(db: Db, rows: GameRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('games')
    .values(rows)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export const findUserByPlayerRef = (db: Db, playerRef: string) =>
  db.selectFrom('users').select(['id', 'status']).where('player_ref', '=', playerRef).executeTakeFirst();

/** Records a game link handed out, and drops the player's links that have expired. */
export async function insertLaunch(db: Db, row: Insertable<GameLaunchesTable>): Promise<void> {
  await db
    .deleteFrom('game_launches')
    .where('user_id', '=', row.user_id)
    .where('expires_at', '<=', row.created_at)
    .execute();
  await db.insertInto('game_launches').values(row).execute();
}

/**
 * Marks a launch used, once: true only for the first call for a launch of this player and game
 * that has not expired. One conditional update, so two session opens at once cannot both win.
 */
export async function consumeLaunch(
  db: Db,
  launch: { id: string; userId: string; gameId: string },
  now: number,
): Promise<boolean> {
  const row = await db
    .updateTable('game_launches')
    .set({ used_at: now })
    .where('id', '=', launch.id)
    .where('user_id', '=', launch.userId)
    .where('game_id', '=', launch.gameId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
