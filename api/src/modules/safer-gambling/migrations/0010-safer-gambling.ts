import type { Kysely, Migration } from 'kysely';

/**
 * Safer-gambling tools the player sets (docs/decisions/020-safer-gambling.md):
 *   - deposit_limits: one row per player and period (day, week, month); `amount` is the limit
 *     in force (null: none), `pending_amount` / `pending_at` a raise or removal that applies at
 *     `pending_at` (24 hours after it was asked; a lower limit applies at once);
 *   - self_restrictions: every time-out and self-exclusion taken, never updated or deleted; the
 *     one in force is the latest `ends_at` still ahead;
 *   - safer_gambling_settings: the reality-check interval (null: off).
 * The index on game_transactions serves the activity statement and the reality check (a
 * player's stakes and wins by time).
 */
export const saferGamblingMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('deposit_limits')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      /** day | week | month */
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint')
      .addColumn('pending_amount', 'bigint')
      .addColumn('pending_at', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('deposit_limits_pk', ['user_id', 'period'])
      .execute();

    await db.schema
      .createTable('self_restrictions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      /** time_out | self_exclusion */
      .addColumn('kind', 'text', (c) => c.notNull())
      /** 24h | 7d | 30d | 6m | 1y | 5y */
      .addColumn('length', 'text', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('ends_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('self_restrictions_user_idx')
      .on('self_restrictions')
      .columns(['user_id', 'ends_at'])
      .execute();

    await db.schema
      .createTable('safer_gambling_settings')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
      .addColumn('reality_check_minutes', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createIndex('game_tx_user_time_idx')
      .on('game_transactions')
      .columns(['user_id', 'created_at'])
      .execute();
  },
};
