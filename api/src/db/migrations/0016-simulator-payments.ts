import type { Kysely, Migration } from 'kysely';

/**
 * The payment simulator's callbacks still to send, due at a time, sent by any instance
 * (docs/decisions/035-surviving-faults.md; the row: SimulatorPaymentsTable, ../infrastructure.tables.ts).
 */
export const simulatorPaymentsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('simulator_payments')
      .addColumn('provider_ref', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('result_code', 'integer', (c) => c.notNull())
      .addColumn('result_desc', 'text', (c) => c.notNull())
      .addColumn('receipt', 'text')
      .addColumn('due_at', 'bigint')
      .addColumn('claimed_until', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('simulator_payments_due_idx')
      .on('simulator_payments')
      .column('due_at')
      .execute();
  },
};
