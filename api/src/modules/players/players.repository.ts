/** Data access for staff notes on players. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { PlayerNotesTable } from './players.tables.js';

export const insertNote = (db: Kysely<DB>, row: PlayerNotesTable) =>
  db.insertInto('player_notes').values(row).execute();

/** The player's notes, newest first. */
export const listNotes = (db: Kysely<DB>, userId: string, limit: number) =>
  db
    .selectFrom('player_notes')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
