import type { Kysely, Migration } from 'kysely';

/**
 * Tax rates by date (docs/decisions/040-tax-rates-by-date.md): each rate of a tax kind (`excise`,
 * `withholding`) in basis points with the instant it takes effect (epoch ms; 0: in force since
 * before any dated change). A transaction books the rate in force when it is made. One row per
 * kind and instant, never changed; removed only while still scheduled (a cancelled change, kept
 * since 0037_tax_rate_cancellations in tax_rate_cancellations). The table starts empty: the app
 * writes the environment's rates (TAX_EXCISE_RATE, TAX_WITHHOLDING_RATE) as the rows at 0 when it
 * starts and a kind has none, because a migration reads no configuration.
 */
export const taxRatesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('tax_rates')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('rate_bp', 'integer', (c) => c.notNull())
      .addColumn('effective_from', 'bigint', (c) => c.notNull())
      /** `environment` for the first rows; otherwise the operator's phone. */
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      // The look-up of the rate in force (kind, newest effective_from at or before an instant).
      .addUniqueConstraint('tax_rates_kind_from_key', ['kind', 'effective_from'])
      .execute();
  },
};
