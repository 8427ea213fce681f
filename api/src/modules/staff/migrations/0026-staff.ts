import type { Kysely, Migration } from 'kysely';

/**
 * Staff accounts with two factors (docs/decisions/052-staff-accounts-two-factors.md): the TOTP
 * secrets (encrypted), recovery codes (hashed), staff sessions and the staff audit log.
 */
export const staffMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('staff_totp')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('secret_enc', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('confirmed_at', 'bigint')
      .addColumn('last_step', 'bigint')
      .execute();
    await db.schema
      .createTable('staff_recovery_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('staff_recovery_codes_user_idx')
      .on('staff_recovery_codes')
      .columns(['user_id'])
      .execute();
    await db.schema
      .createTable('staff_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('second_factor', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('ended_at', 'bigint')
      .addColumn('ended_reason', 'text')
      .addColumn('ended_by', 'text')
      .execute();
    await db.schema
      .createIndex('staff_sessions_user_idx')
      .on('staff_sessions')
      .columns(['user_id', 'created_at'])
      .execute();
    await db.schema
      .createTable('staff_audit')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('actor_user_id', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_user_id', 'text')
      .addColumn('target', 'text')
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .addColumn('reason', 'text')
      .addColumn('ip', 'text')
      .execute();
    await db.schema.createIndex('staff_audit_at_idx').on('staff_audit').columns(['at']).execute();
    await db.schema
      .createIndex('staff_audit_actor_idx')
      .on('staff_audit')
      .columns(['actor_user_id', 'id'])
      .execute();
    await db.schema
      .createIndex('staff_audit_target_idx')
      .on('staff_audit')
      .columns(['target_user_id', 'id'])
      .execute();
    await db.schema
      .createIndex('staff_audit_action_idx')
      .on('staff_audit')
      .columns(['action', 'id'])
      .execute();
  },
};
