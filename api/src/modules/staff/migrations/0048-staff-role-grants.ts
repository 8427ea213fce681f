import { type Kysely, type Migration, sql } from 'kysely';

/**
 * A grant of a role that moves money or grants roles (finance, admin) waits for a second
 * administrator (docs/decisions/065-two-administrators-grant-money-roles.md): one row per
 * proposal, `pending` until confirmed, cancelled or past `expires_at`. At most one pending grant
 * per person and role (a partial unique index: both databases have them).
 */
export const staffRoleGrantsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('staff_role_grants')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('proposed_by', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('decided_by', 'text')
      .addColumn('decided_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('staff_role_grants_pending_idx')
      .on('staff_role_grants')
      .columns(['user_id', 'role'])
      .unique()
      .where(sql.ref('status'), '=', 'pending')
      .execute();
  },
};
