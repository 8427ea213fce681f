import type { Kysely, Migration } from 'kysely';

/**
 * Manual balance adjustments with four eyes (docs/decisions/055-four-eyes-adjustments-and-finance-report.md):
 * one finance person proposes (pending, nothing booked), another approves (booked in the ledger as
 * `manual_adjustment` entries whose ref_id is this row's id) or rejects. The status moves from
 * `pending` once, by a conditional update, so an adjustment is booked at most once.
 */
export const staffAdjustmentsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('staff_adjustments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      /** Signed integer cents on the player's main balance. */
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('proposed_by', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('proposed_at', 'bigint', (c) => c.notNull())
      .addColumn('decided_by', 'text', (c) => c.references('users.id'))
      .addColumn('decided_at', 'bigint')
      .addColumn('decision_reason', 'text')
      .execute();
    // The list by status, newest first.
    await db.schema
      .createIndex('staff_adjustments_status_idx')
      .on('staff_adjustments')
      .columns(['status', 'proposed_at'])
      .execute();
  },
};
