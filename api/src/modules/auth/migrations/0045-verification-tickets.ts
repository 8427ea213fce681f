import type { Kysely, Migration } from 'kysely';

/**
 * Verification tickets (docs/decisions/062-verification-tickets.md): what a browser holds between
 * registration (or a pending login) and the code, instead of the player's password. Only the
 * ticket's SHA-256 is kept; `used_at` spends it once, `expires_at` bounds it to minutes.
 */
export const verificationTicketsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('verification_tickets')
      .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('verification_tickets_user_idx')
      .on('verification_tickets')
      .column('user_id')
      .execute();
  },
};
