import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The first tables, of several owners: users, sessions, refresh_tokens and otp_codes (auth);
 * wallets, ledger_entries, wallet_transactions and game_transactions (wallet); games (casino);
 * rate_limits (lib/window-counter.ts). One migration as databases recorded it, so it stays whole
 * here; each table's row type is with its owner (decision 038).
 */
export const initialMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('phone', 'text', (c) => c.notNull().unique())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('full_name', 'text')
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('roles', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('player_ref', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('revoked_reason', 'text')
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('refresh_tokens_session_idx')
      .on('refresh_tokens')
      .column('session_id')
      .execute();

    await db.schema
      .createTable('otp_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('otp_codes_phone_idx')
      .on('otp_codes')
      .columns(['phone', 'purpose', 'created_at'])
      .execute();

    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('wallets')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('main', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('withdrawal', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('bonus', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      // The database itself refuses a negative pot, whatever the code above it does.
      .addCheckConstraint('wallets_non_negative', sql`main >= 0 and withdrawal >= 0 and bonus >= 0`)
      .execute();

    await db.schema
      .createTable('ledger_entries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('pot', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('balance_after', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('ref_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ledger_user_idx').on('ledger_entries').column('user_id').execute();
    await db.schema.createIndex('ledger_ref_idx').on('ledger_entries').column('ref_id').execute();
    // A given money movement (ref + kind + pot) can be booked once only.
    await db.schema
      .createIndex('ledger_once_idx')
      .on('ledger_entries')
      .columns(['ref_id', 'kind', 'pot'])
      .unique()
      .execute();

    await db.schema
      .createTable('wallet_transactions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text', (c) => c.notNull())
      .addColumn('payment_method', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_ref', 'text')
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('failure_reason', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('settled_at', 'bigint')
      .addUniqueConstraint('wallet_tx_idempotency_uq', ['user_id', 'idempotency_key'])
      .execute();
    await db.schema
      .createIndex('wallet_tx_user_idx')
      .on('wallet_transactions')
      .columns(['user_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('wallet_tx_provider_ref_idx')
      .on('wallet_transactions')
      .column('provider_ref')
      .execute();
    await db.schema
      .createIndex('wallet_tx_status_idx')
      .on('wallet_transactions')
      .columns(['status', 'created_at'])
      .execute();

    await db.schema
      .createTable('games')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('thumbnail', 'text', (c) => c.notNull())
      .addColumn('sort_order', 'integer', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('game_transactions')
      .addColumn('provider_tx_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('round_id', 'text', (c) => c.notNull())
      .addColumn('game_id', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('related_tx_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('game_tx_related_idx')
      .on('game_transactions')
      .column('related_tx_id')
      .execute();
  },
};
