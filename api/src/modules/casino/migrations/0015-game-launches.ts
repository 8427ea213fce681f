import type { Kysely, Migration } from 'kysely';

/**
 * Game launches (docs/decisions/020-safer-gambling.md, "Game sessions"): one row per game
 * link the operator hands out. The provider opens a session with it through the seamless
 * `session` call, which sets `used_at` once: one launch, one session. Rows past `expires_at`
 * are deleted when the same player launches again.
 */
export const gameLaunchesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('game_launches')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('game_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('game_launches_user_idx')
      .on('game_launches')
      .columns(['user_id', 'expires_at'])
      .execute();
  },
};
