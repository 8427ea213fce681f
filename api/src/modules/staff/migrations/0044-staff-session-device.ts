import type { Kysely, Migration } from 'kysely';

/**
 * Each staff session keeps the account's session epoch it was opened in (it ends when the person
 * is signed out everywhere: ../../auth/migrations/0043-signed-out-everywhere.ts) and the device
 * it was opened from, its client address and user agent: four eyes refuses a second person who
 * signed in from a device the first one used (docs/decisions/061-two-people-and-sessions-that-end.md).
 * Sessions opened before this migration carry epoch 0 and no device.
 */
export const staffSessionDeviceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('staff_sessions')
      .addColumn('account_epoch', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('staff_sessions').addColumn('ip', 'text').execute();
    await db.schema.alterTable('staff_sessions').addColumn('user_agent', 'text').execute();
  },
};
