import type { Kysely, Migration } from 'kysely';

/**
 * Betting taxes (docs/decisions/018-betting-taxes-in-the-ledger.md): each transaction keeps the
 * tax fixed when it was made (kind, amount, excise mode), so a later change of rate never changes
 * what an earlier transaction books. Rows made before carry no tax. The tax itself is booked in
 * ledger_entries under the operator accounts `tax_excise` / `tax_withholding` (and `operator`
 * for an absorbed excise duty); the index serves the tax report (entries of one account by time).
 */
export const taxesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // One column per ALTER TABLE: SQLite adds one at a time.
    await db.schema.alterTable('wallet_transactions').addColumn('tax_kind', 'text').execute();
    await db.schema
      .alterTable('wallet_transactions')
      .addColumn('tax_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('wallet_transactions').addColumn('tax_mode', 'text').execute();
    await db.schema
      .createIndex('ledger_pot_time_idx')
      .on('ledger_entries')
      .columns(['pot', 'created_at'])
      .execute();
  },
};
