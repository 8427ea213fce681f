import type { Kysely, Migration } from 'kysely';

/**
 * Loss and stake limits (docs/decisions/041-loss-and-stake-limits.md):
 *   - play_limits: one row per player and key, shaped as deposit_limits so both share one
 *     mechanism: `day`, `week`, `month` limit the net loss (stakes − wins, rollbacks undone) of
 *     the Kenyan calendar period, `bet` a single stake; `amount` is the limit in force (null:
 *     none), `pending_amount` / `pending_at` a raise or removal that applies at `pending_at`.
 * The index on ledger_entries serves the net loss, summed from a player's stake, win and
 * rollback entries since a period's start, on every stake.
 */
export const lossLimitsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('play_limits')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      /** day | week | month (net loss) | bet (one stake) */
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint')
      .addColumn('pending_amount', 'bigint')
      .addColumn('pending_at', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('play_limits_pk', ['user_id', 'period'])
      .execute();

    await db.schema
      .createIndex('ledger_user_time_idx')
      .on('ledger_entries')
      .columns(['user_id', 'created_at'])
      .execute();
  },
};
