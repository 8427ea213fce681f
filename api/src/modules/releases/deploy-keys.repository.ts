/** Data access for deploy keys and their uses. Every function takes the database or a transaction. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ReleaseDeployKeysTable, ReleaseDeployKeyUsesTable } from './releases.tables.js';

type Db = Kysely<DB>;
export type DeployKeyRow = ReleaseDeployKeysTable;
export type DeployKeyUseRow = ReleaseDeployKeyUsesTable;

/** The newest uses the key list reads (each key shows its latest few). */
const USES_READ = 1000;

export async function insertDeployKey(db: Db, row: DeployKeyRow): Promise<void> {
  await db.insertInto('release_deploy_keys').values(row).execute();
}

export const findDeployKey = (db: Db, id: string) =>
  db.selectFrom('release_deploy_keys').selectAll().where('id', '=', id).executeTakeFirst();

export const findDeployKeyByHash = (db: Db, tokenHash: string) =>
  db.selectFrom('release_deploy_keys').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

export const listDeployKeys = (db: Db) =>
  db.selectFrom('release_deploy_keys').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();

/** Revokes a key not yet revoked; answers whether it did. */
export async function revokeDeployKey(
  db: Db,
  id: string,
  fields: { revoked_by: string; revoked_at: number; revoke_reason: string },
): Promise<boolean> {
  const res = await db
    .updateTable('release_deploy_keys')
    .set(fields)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function recordDeployKeyUse(db: Db, use: DeployKeyUseRow): Promise<void> {
  await db.insertInto('release_deploy_key_uses').values(use).execute();
  await db
    .updateTable('release_deploy_keys')
    .set({ last_used_at: use.at })
    .where('id', '=', use.key_id)
    .execute();
}

export const latestDeployKeyUses = (db: Db) =>
  db
    .selectFrom('release_deploy_key_uses')
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(USES_READ)
    .execute();
