import type { Kysely, Migration } from 'kysely';

/**
 * Each staff session keeps the account's session epoch it was opened in (it ends when the person
 * is signed out everywhere: ../../auth/migrations/0043-signed-out-everywhere.ts) and the device
 * it was opened from: the browser's staff device id (a cookie the sign-in sets once per browser),
 * with its client address and user agent for the record. Four eyes refuses a second person who
 * signed in from a browser the first one used (docs/decisions/061-four-eyes-means-two-people.md).
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
    await db.schema.alterTable('staff_sessions').addColumn('device_id', 'text').execute();
    await db.schema
      .createIndex('staff_sessions_device_idx')
      .on('staff_sessions')
      .columns(['device_id', 'user_id'])
      .execute();
  },
};
