import type { Kysely, Migration } from 'kysely';

/**
 * Cancelled tax-rate changes (docs/decisions/040-tax-rates-by-date.md): a change cancelled while
 * still scheduled leaves tax_rates, which alone says the rate in force, and is kept here as it
 * was (same id) with who cancelled it, when and why, so finance still sees it listed. No unique
 * key on (kind, effective_from): a change may be scheduled at an instant and cancelled again.
 */
export const taxRateCancellationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('tax_rate_cancellations')
      /** The cancelled row's id in tax_rates. */
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('rate_bp', 'integer', (c) => c.notNull())
      .addColumn('effective_from', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      /** The operator's phone. */
      .addColumn('cancelled_by', 'text', (c) => c.notNull())
      .addColumn('cancelled_at', 'bigint', (c) => c.notNull())
      /** Why it was cancelled (the cancel's audit note too). */
      .addColumn('note', 'text', (c) => c.notNull())
      .execute();
  },
};
