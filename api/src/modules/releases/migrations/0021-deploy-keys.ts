import type { Kysely, Migration } from 'kysely';

/**
 * Deploy keys (docs/decisions/046-deploy-keys.md): a team's CI credential scoped to one remote
 * and to actions, kept as the SHA-256 of its token (unique: a token is found by its hash), with
 * its expiry and revocation; and each use of one (publish, canary), which the key's list shows.
 */
export const deployKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('release_deploy_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('remote', 'text', (c) => c.notNull())
      /** Comma-separated: publish, canary. */
      .addColumn('actions', 'text', (c) => c.notNull())
      .addColumn('max_canary_percent', 'integer')
      /** Hex SHA-256 of the token; the token itself is never stored. */
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_by', 'text')
      .addColumn('revoked_at', 'bigint')
      .addColumn('revoke_reason', 'text')
      .addColumn('last_used_at', 'bigint')
      .execute();
    await db.schema
      .createTable('release_deploy_key_uses')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('key_id', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('release_deploy_key_uses_key_idx')
      .on('release_deploy_key_uses')
      .columns(['key_id', 'at'])
      .execute();
  },
};
