import type { Kysely, Migration } from 'kysely';

/**
 * ledger_once_idx (ref_id, kind, pot) serves every lookup by ref_id; the index on ref_id alone
 * only added a B-tree write (a random page, as ref ids are UUIDs) to every ledger entry.
 */
export const dropRedundantLedgerRefIdxMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('ledger_ref_idx').ifExists().execute();
  },
};
