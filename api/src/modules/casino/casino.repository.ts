import type { Kysely, Selectable } from 'kysely';
import type { DB, GamesTable } from '../../db/schema.js';

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
