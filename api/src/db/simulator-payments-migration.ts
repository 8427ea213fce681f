import type { Kysely, Migration } from 'kysely';

/**
 * The payment simulator's answers still to come (docs/decisions/035-surviving-faults.md): one row
 * per payment it accepted with a callback to send, due `SIMULATOR_DELAY_MS` later. Kept in the
 * database rather than in the accepting process, so any API instance on the database sends it
 * when due, also after the instance that accepted it stopped. Deleted once delivered.
 */
export interface SimulatorPaymentsTable {
  /** `SIM-<transaction id>`. */
  provider_ref: string;
  kind: 'deposit' | 'payout';
  phone: string;
  /** The callback the simulator sends: Daraja's result code and text, the receipt on success. */
  result_code: number;
  result_desc: string;
  receipt: string | null;
  /** When the callback is due (epoch ms); null while a test holds the phone (SIMULATOR_TEST_CONTROL). */
  due_at: number | null;
  /** An instance delivering it has it until then (epoch ms; 0: nobody); after that it is due again. */
  claimed_until: number;
}

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
