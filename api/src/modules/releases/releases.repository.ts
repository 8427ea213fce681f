/** Data access for release control. Every function takes the database or a transaction. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type {
  ReleaseOverridesTable,
  ReleaseRevisionsTable,
  ReleaseVersionsTable,
} from './releases.tables.js';

type Db = Kysely<DB>;
export type VersionRow = ReleaseVersionsTable;
export type RevisionRow = ReleaseRevisionsTable;
export type OverrideRow = ReleaseOverridesTable;

export function latestRevision(db: Db): Promise<RevisionRow | undefined> {
  return db
    .selectFrom('release_revisions')
    .selectAll()
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findRevision(db: Db, revision: number): Promise<RevisionRow | undefined> {
  return db.selectFrom('release_revisions').selectAll().where('revision', '=', revision).executeTakeFirst();
}

export function listRevisions(db: Db, limit: number): Promise<RevisionRow[]> {
  return db.selectFrom('release_revisions').selectAll().orderBy('revision', 'desc').limit(limit).execute();
}

export async function insertRevision(db: Db, row: RevisionRow): Promise<void> {
  await db.insertInto('release_revisions').values(row).execute();
}

export function findVersion(db: Db, remote: string, version: string): Promise<VersionRow | undefined> {
  return db
    .selectFrom('release_versions')
    .selectAll()
    .where('remote', '=', remote)
    .where('version', '=', version)
    .executeTakeFirst();
}

export function listVersions(db: Db): Promise<VersionRow[]> {
  return db
    .selectFrom('release_versions')
    .selectAll()
    .orderBy('published_at', 'desc')
    .orderBy('version', 'desc')
    .execute();
}

export async function insertVersion(db: Db, row: VersionRow): Promise<void> {
  await db.insertInto('release_versions').values(row).execute();
}

/**
 * Takes the version row's write lock for the rest of the transaction (PostgreSQL: row lock;
 * SQLite: the transaction holds the write lock already) and answers when it was retired (null:
 * kept) and by whom, or undefined when there is no such version. An UPDATE, as lockWallet: it
 * works the same on both databases, where SELECT … FOR UPDATE does not. A retire and a change
 * that names the version each take it, so one of them sees the other (decision 058).
 */
export async function lockVersion(
  db: Db,
  remote: string,
  version: string,
): Promise<Pick<VersionRow, 'retired_at' | 'retired_by'> | undefined> {
  return db
    .updateTable('release_versions')
    .set((eb) => ({ retired_at: eb.ref('retired_at') }))
    .where('remote', '=', remote)
    .where('version', '=', version)
    .returning(['retired_at', 'retired_by'])
    .executeTakeFirst();
}

/** Marks a version retired; false when there is no such version or it was retired already. */
export async function retireVersion(
  db: Db,
  remote: string,
  version: string,
  fields: { retired_at: number; retired_by: string; retire_reason: string },
): Promise<boolean> {
  const res = await db
    .updateTable('release_versions')
    .set(fields)
    .where('remote', '=', remote)
    .where('version', '=', version)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** Every revision's author and manifest, oldest first (what start-up reads to see who decided what). */
export function revisionTrail(db: Db): Promise<Pick<RevisionRow, 'revision' | 'author' | 'manifest'>[]> {
  return db
    .selectFrom('release_revisions')
    .select(['revision', 'author', 'manifest'])
    .orderBy('revision', 'asc')
    .execute();
}

export async function insertOverride(db: Db, row: OverrideRow): Promise<void> {
  await db.insertInto('release_overrides').values(row).execute();
}

/** The override for this version that runs longest, among those not expired at `now`. */
export function unexpiredOverride(
  db: Db,
  remote: string,
  version: string,
  now: number,
): Promise<OverrideRow | undefined> {
  return db
    .selectFrom('release_overrides')
    .selectAll()
    .where('remote', '=', remote)
    .where('version', '=', version)
    .where('expires_at', '>', now)
    .orderBy('expires_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function listOverrides(db: Db, limit: number): Promise<OverrideRow[]> {
  return db
    .selectFrom('release_overrides')
    .selectAll()
    .orderBy('issued_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Versions whose latest integrity check failed. */
export function failingVersions(db: Db): Promise<VersionRow[]> {
  return db
    .selectFrom('release_versions')
    .selectAll()
    .where('integrity_failed_at', 'is not', null)
    .orderBy('integrity_failed_at', 'asc')
    .execute();
}

/** Marks a version failing (keeping when it was first seen failing), or intact again (`problem` null). */
export async function setIntegrityFailure(
  db: Db,
  remote: string,
  version: string,
  problem: string | null,
  now: number,
): Promise<void> {
  await db
    .updateTable('release_versions')
    .set((eb) => ({
      integrity_problem: problem,
      integrity_failed_at: problem === null ? null : eb.fn.coalesce('integrity_failed_at', eb.val(now)),
    }))
    .where('remote', '=', remote)
    .where('version', '=', version)
    .execute();
}
