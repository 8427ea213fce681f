/** Data access for identities and their checks (docs/decisions/019-age-and-identity.md). */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { IdentitiesTable, IdentityChecksTable } from './identity.tables.js';

export type IdentityRow = Selectable<IdentitiesTable>;

export const findIdentity = (db: Kysely<DB>, userId: string) =>
  db.selectFrom('identities').selectAll().where('user_id', '=', userId).executeTakeFirst();

export const findStatus = async (db: Kysely<DB>, userId: string) =>
  (await db.selectFrom('identities').select('status').where('user_id', '=', userId).executeTakeFirst())
    ?.status;

/** True when another player already has this document confirmed. */
export async function documentConfirmedElsewhere(
  db: Kysely<DB>,
  userId: string,
  documentType: string,
  documentNumber: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('identities')
    .select('user_id')
    .where('document_type', '=', documentType as IdentitiesTable['document_type'])
    .where('document_number', '=', documentNumber)
    .where('status', '=', 'confirmed')
    .where('user_id', '<>', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Stores the player's details and the check's outcome, unless their identity is confirmed
 * already (a confirmed identity never changes): false then, nothing written.
 */
export async function saveIdentity(db: Kysely<DB>, row: Insertable<IdentitiesTable>): Promise<boolean> {
  const { user_id, created_at, ...change } = row;
  const saved = await db
    .insertInto('identities')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet(change).where('identities.status', '<>', 'confirmed'),
    )
    .returning('user_id')
    .executeTakeFirst();
  return saved !== undefined;
}

export const insertCheck = (db: Kysely<DB>, row: Insertable<IdentityChecksTable>) =>
  db.insertInto('identity_checks').values(row).execute();

/** The player's identity checks, newest first. */
export const listChecks = (db: Kysely<DB>, userId: string, limit: number) =>
  db
    .selectFrom('identity_checks')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('checked_at', 'desc')
    .limit(limit)
    .execute();
