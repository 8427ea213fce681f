import type { Kysely, Migration } from 'kysely';

/**
 * Secrets not given in the environment (src/db/secrets.ts): the first instance to start inserts
 * them (insert … on conflict do nothing), every instance then reads the stored values, so
 * tokens and callbacks signed by one instance verify on any other.
 */
export const sharedSecretsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('secrets')
      .ifNotExists()
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
