import type { Kysely, Migration } from 'kysely';

/**
 * Paybill (M-Pesa C2B) deposits: each player's account number (allocated on first use) and every
 * C2B confirmation received, once per M-Pesa TransID (the unique constraint is the guard against
 * a redelivered confirmation crediting twice). A payment whose account number matches no player
 * stays in `suspense` until an operator assigns it (audited in payment_audit).
 */
export const paybillMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('paybill_accounts')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
      .addColumn('account_number', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('paybill_payments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('trans_id', 'text', (c) => c.notNull().unique())
      /** credited | suspense */
      .addColumn('status', 'text', (c) => c.notNull())
      /** Why it is (or was) in suspense: UNKNOWN_ACCOUNT | MALFORMED_ACCOUNT | OTHER_SHORTCODE. */
      .addColumn('reason', 'text')
      .addColumn('amount', 'bigint', (c) => c.notNull())
      /** BillRefNumber as typed by the payer. */
      .addColumn('bill_ref', 'text', (c) => c.notNull())
      .addColumn('msisdn', 'text', (c) => c.notNull())
      .addColumn('short_code', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('transaction_id', 'text')
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('resolved_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('paybill_payments_status_idx')
      .on('paybill_payments')
      .columns(['status', 'created_at'])
      .execute();
  },
};
