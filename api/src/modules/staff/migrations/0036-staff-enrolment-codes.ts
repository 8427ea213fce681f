import type { Kysely, Migration } from 'kysely';

/**
 * One-time enrolment codes (docs/decisions/052, amended): an administrator issues one so that a
 * person can enrol an authenticator; a stolen password alone cannot. One live code per person
 * (issuing another replaces it), stored as its SHA-256, 24 hours, used once.
 */
export const staffEnrolmentCodesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('staff_enrolment_codes')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('issued_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
  },
};
