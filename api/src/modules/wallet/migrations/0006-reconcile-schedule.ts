import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Reconciliation schedule (docs/decisions/014-payment-outcomes-and-review.md, "Reconciliation
 * schedule"): every pending transaction carries the time it is next asked about
 * (`next_check_at`, epoch ms) and how many checks have been inconclusive so far (`check_count`,
 * which sets the backoff). A pass takes the due rows in next_check_at order through the
 * (status, next_check_at) index, so rows the provider keeps answering "pending" for are pushed
 * back and cannot hold up the ones behind them.
 *
 * Existing pending rows are due at once (next_check_at = created_at): the next pass asks about
 * them, oldest first, as the old "older than RECONCILE_AFTER_SECONDS" query would have.
 * Settled rows keep NULL: only pending rows are ever picked.
 */
export const reconcileScheduleMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('wallet_transactions').addColumn('next_check_at', 'bigint').execute();
    await db.schema
      .alterTable('wallet_transactions')
      .addColumn('check_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update wallet_transactions set next_check_at = created_at where status = 'pending'`.execute(db);
    await db.schema
      .createIndex('wallet_tx_next_check_idx')
      .on('wallet_transactions')
      .columns(['status', 'next_check_at'])
      .execute();
  },
};
