import type { Kysely, Migration } from 'kysely';

/**
 * Proven browsers (docs/decisions/060-health-counts-people.md): a client id counts towards
 * release health only once its page has sent the proof of work bound to one of its load tickets
 * (load-proof.ts). One row per proven client id, until the client id itself expires.
 */
export const loadClientProofsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('load_client_proofs')
      .addColumn('client', 'text', (c) => c.primaryKey())
      .addColumn('proven_at', 'bigint', (c) => c.notNull())
      /** When the client id expires (its signed cookie says so too): the row is pruned then. */
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('load_client_proofs_expires_idx')
      .on('load_client_proofs')
      .column('expires_at')
      .execute();
  },
};
