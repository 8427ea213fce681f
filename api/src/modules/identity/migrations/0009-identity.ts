import type { Kysely, Migration } from 'kysely';

/**
 * Age and identity (docs/decisions/019-age-and-identity.md): one row per player with the details
 * they gave and the outcome of the last check, and every check made (which provider, when, what
 * it answered). The document number is kept in `identities` only (the registry and the regulator
 * need it); `identity_checks` holds its last 4 characters, as the screens do.
 */
export const identityMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('identities')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
      .addColumn('full_name', 'text', (c) => c.notNull())
      .addColumn('date_of_birth', 'text', (c) => c.notNull())
      .addColumn('document_type', 'text', (c) => c.notNull())
      .addColumn('document_number', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('checked_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // Finds another account already confirmed with the same document.
    await db.schema
      .createIndex('identities_document_idx')
      .on('identities')
      .columns(['document_type', 'document_number'])
      .execute();

    await db.schema
      .createTable('identity_checks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('document_type', 'text', (c) => c.notNull())
      .addColumn('document_last4', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('checked_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('identity_checks_user_idx')
      .on('identity_checks')
      .columns(['user_id', 'checked_at'])
      .execute();
  },
};
