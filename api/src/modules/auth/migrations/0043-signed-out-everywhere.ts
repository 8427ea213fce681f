import type { Kysely, Migration } from 'kysely';

/**
 * Signing a person out everywhere (a password reset, a staff force-logout) ends their staff
 * sessions too (docs/decisions/061-four-eyes-means-two-people.md): `session_epoch` grows by
 * one each time every session of the person is ended, and a staff session stands only while it
 * carries the epoch it was opened in; `signed_out_reason` says why the last one ended.
 */
export const signedOutEverywhereMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('session_epoch', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('users').addColumn('signed_out_reason', 'text').execute();
  },
};
