import type { Kysely, Migration } from 'kysely';

/**
 * Payment outcomes an operator decides (docs/decisions/014-payment-outcomes-and-review.md):
 * a transaction whose provider answer contradicts the request or its settled state goes to
 * status `review` with a payment_reviews row (expected, reported, raw callback); callbacks
 * that settle nothing (no matching transaction, wrong kind) are kept in payment_callbacks;
 * every operator resolution is written to payment_audit.
 */
export const paymentReviewMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('payment_reviews')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('transaction_id', 'text', (c) => c.notNull().references('wallet_transactions.id'))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('status_before', 'text', (c) => c.notNull())
      /** JSON: what the request (or the settled transaction) says. */
      .addColumn('expected', 'text', (c) => c.notNull())
      /** JSON: what the provider reported. */
      .addColumn('reported', 'text', (c) => c.notNull())
      .addColumn('raw_callback', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('resolved_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('payment_reviews_tx_idx')
      .on('payment_reviews')
      .columns(['transaction_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('payment_callbacks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      /** NO_TRANSACTION | WRONG_KIND */
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('provider_ref', 'text')
      .addColumn('transaction_id', 'text')
      .addColumn('body', 'text', (c) => c.notNull())
      /** sha256 of provider, kind and body: a redelivered callback is kept once. */
      .addColumn('body_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('resolved_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('payment_callbacks_open_idx')
      .on('payment_callbacks')
      .columns(['resolved_at', 'created_at'])
      .execute();

    await db.schema
      .createTable('payment_audit')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('subject_type', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'text', (c) => c.notNull())
      /** JSON snapshots of the subject before and after. */
      .addColumn('before', 'text', (c) => c.notNull())
      .addColumn('after', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('payment_audit_subject_idx')
      .on('payment_audit')
      .columns(['subject_id', 'created_at'])
      .execute();
  },
};
