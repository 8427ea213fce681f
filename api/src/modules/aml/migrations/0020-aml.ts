import type { Kysely, Migration } from 'kysely';

/**
 * Money-laundering monitoring (docs/decisions/043-money-laundering-monitoring.md): the cursor over
 * the regulator feed's outbox, the alerts (unique per rule and subject), the cases and their steps;
 * and the two indexes the rules read the wallet's tables by.
 */
export const amlMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('aml_cursor')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('last_sequence', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('aml_alerts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
      .addColumn('rule', 'text', (c) => c.notNull())
      .addColumn('severity', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      /** JSON. */
      .addColumn('transactions', 'text', (c) => c.notNull())
      /** JSON. */
      .addColumn('figures', 'text', (c) => c.notNull())
      .addColumn('event_sequence', 'bigint', (c) => c.notNull())
      .addColumn('occurred_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('aml_alerts_created_idx').on('aml_alerts').columns(['created_at']).execute();
    await db.schema
      .createTable('aml_cases')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('alert_id', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('severity', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('opened_by', 'text', (c) => c.notNull())
      .addColumn('opened_at', 'bigint', (c) => c.notNull())
      .addColumn('reviewed_by', 'text')
      .addColumn('reviewed_at', 'bigint')
      .addColumn('closed_by', 'text')
      .addColumn('closed_at', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('aml_case_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('case_id', 'text', (c) => c.notNull())
      .addColumn('from_status', 'text')
      .addColumn('to_status', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('aml_case_events_case_idx')
      .on('aml_case_events')
      .columns(['case_id', 'created_at'])
      .execute();
    // The rules' look-ups on the wallet's tables, per new deposit or withdrawal (as 0010 adds the
    // stake gate's to game_transactions): a player's entries of a kind in a window, and the
    // accounts paid out to one number.
    await db.schema
      .createIndex('aml_ledger_user_kind_time_idx')
      .on('ledger_entries')
      .columns(['user_id', 'kind', 'created_at'])
      .execute();
    await db.schema
      .createIndex('aml_wallet_tx_phone_idx')
      .on('wallet_transactions')
      .columns(['phone_number', 'type', 'created_at'])
      .execute();
  },
};
