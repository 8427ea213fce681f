/** The players module's table (./migrations/0031-player-notes.ts); part of `DB` in db/schema.ts. */
export interface PlayersTables {
  player_notes: PlayerNotesTable;
}

/** A note a member of staff wrote on a player. */
export interface PlayerNotesTable {
  /** UUIDv7: newest last. */
  id: string;
  user_id: string;
  author_user_id: string;
  text: string;
  created_at: number;
}
