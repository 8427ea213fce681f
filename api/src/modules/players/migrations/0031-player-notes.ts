import type { Kysely, Migration } from 'kysely';

/** Staff notes on a player (modules/players): who wrote what, when; never changed or deleted. */
export const playerNotesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('player_notes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('author_user_id', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('player_notes_user_idx')
      .on('player_notes')
      .columns(['user_id', 'id'])
      .execute();
  },
};
