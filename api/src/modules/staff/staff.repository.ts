/** Data access for staff accounts, sessions and the audit log. Every function takes the database or a transaction. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type {
  StaffAuditTable,
  StaffEnrolmentCodesTable,
  StaffRoleGrantsTable,
  StaffSessionsTable,
  StaffTotpTable,
} from './staff.tables.js';

type Db = Kysely<DB>;

export interface StaffUserRow {
  id: string;
  phone: string;
  full_name: string | null;
  roles: string;
  status: string;
  session_epoch: number;
  signed_out_reason: string | null;
}

const STAFF_USER = [
  'id',
  'phone',
  'full_name',
  'roles',
  'status',
  'session_epoch',
  'signed_out_reason',
] as const;

export function findStaffUser(db: Db, id: string): Promise<StaffUserRow | undefined> {
  return db.selectFrom('users').select(STAFF_USER).where('id', '=', id).executeTakeFirst();
}

export function findStaffUserByPhone(db: Db, phone: string): Promise<StaffUserRow | undefined> {
  return db.selectFrom('users').select(STAFF_USER).where('phone', '=', phone).executeTakeFirst();
}

/** Accounts whose roles name anything besides `user` (filtered exactly by the caller). */
export function findUsersWithRoles(db: Db): Promise<StaffUserRow[]> {
  return db
    .selectFrom('users')
    .select(STAFF_USER)
    .where('roles', '<>', 'user')
    .where('roles', '<>', '')
    .orderBy('phone')
    .execute();
}

/** Sets the roles only if they are still `expected`: two administrators never overwrite each other. */
export async function swapRoles(db: Db, id: string, expected: string, next: string, now: number) {
  const result = await db
    .updateTable('users')
    .set({ roles: next, updated_at: now })
    .where('id', '=', id)
    .where('roles', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findTotp(db: Db, userId: string): Promise<StaffTotpTable | undefined> {
  return db.selectFrom('staff_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function replaceTotp(db: Db, row: StaffTotpTable): Promise<void> {
  await db.deleteFrom('staff_totp').where('user_id', '=', row.user_id).execute();
  await db.insertInto('staff_totp').values(row).execute();
}

export async function deleteTotp(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('staff_totp').where('user_id', '=', userId).execute();
  await db.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
}

/** Ids of the people holding a confirmed authenticator whose roles name `storedRole`. */
export async function enrolledWithRole(db: Db, storedRole: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('staff_totp', 'staff_totp.user_id', 'users.id')
    .select(['users.id', 'users.roles'])
    .where('staff_totp.confirmed_at', 'is not', null)
    .execute();
  return rows.filter((r) => r.roles.split(',').includes(storedRole)).map((r) => r.id);
}

/** Issues a person's enrolment code: the one before it, used or not, is gone. */
export async function replaceEnrolmentCode(db: Db, row: StaffEnrolmentCodesTable): Promise<void> {
  await db.deleteFrom('staff_enrolment_codes').where('user_id', '=', row.user_id).execute();
  await db.insertInto('staff_enrolment_codes').values(row).execute();
}

/** Takes a person's enrolment code once, if it is theirs, unused and not expired. */
export async function useEnrolmentCode(db: Db, userId: string, codeHash: string, now: number) {
  const result = await db
    .updateTable('staff_enrolment_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteEnrolmentCode(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('staff_enrolment_codes').where('user_id', '=', userId).execute();
}

/** Takes the step if it is later than every step taken before: false for a replayed code. */
export async function takeStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_totp')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function confirmTotp(db: Db, userId: string, now: number): Promise<void> {
  await db.updateTable('staff_totp').set({ confirmed_at: now }).where('user_id', '=', userId).execute();
}

export async function insertRecoveryCodes(
  db: Db,
  rows: { id: string; user_id: string; code_hash: string; created_at: number }[],
): Promise<void> {
  await db
    .deleteFrom('staff_recovery_codes')
    .where('user_id', '=', rows[0]?.user_id ?? '')
    .execute();
  await db
    .insertInto('staff_recovery_codes')
    .values(rows.map((r) => ({ ...r, used_at: null })))
    .execute();
}

/** Spends an unused recovery code: false when it is unknown or already used. */
export async function spendRecoveryCode(db: Db, userId: string, hash: string, now: number) {
  const result = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertStaffSession(db: Db, row: StaffSessionsTable): Promise<void> {
  await db.insertInto('staff_sessions').values(row).execute();
}

export function findStaffSessionByToken(db: Db, tokenHash: string): Promise<StaffSessionsTable | undefined> {
  return db.selectFrom('staff_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export function findStaffSession(db: Db, id: string): Promise<StaffSessionsTable | undefined> {
  return db.selectFrom('staff_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function staffSessionsOf(db: Db, userId: string, limit: number): Promise<StaffSessionsTable[]> {
  return db
    .selectFrom('staff_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function touchStaffSession(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('staff_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

/** Ends the session if it is still open; false when it had ended already. */
export async function endStaffSession(
  db: Db,
  id: string,
  reason: string,
  by: string | null,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('staff_sessions')
    .set({ ended_at: now, ended_reason: reason, ended_by: by })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every open session of the person; the ids ended. */
export async function endStaffSessionsOf(
  db: Db,
  userId: string,
  reason: string,
  by: string | null,
  now: number,
): Promise<string[]> {
  const open = await db
    .selectFrom('staff_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
  const ended: string[] = [];
  for (const { id } of open) if (await endStaffSession(db, id, reason, by, now)) ended.push(id);
  return ended;
}

export async function insertAudit(db: Db, row: StaffAuditTable): Promise<void> {
  await db.insertInto('staff_audit').values(row).execute();
}

export interface AuditFilter {
  actor?: string | undefined;
  player?: string | undefined;
  action?: string | undefined;
  fromMs?: number | undefined;
  toMs?: number | undefined;
  before?: string | undefined;
}

/** Newest first. */
export function findAudit(db: Db, filter: AuditFilter, limit: number): Promise<StaffAuditTable[]> {
  let query = db.selectFrom('staff_audit').selectAll();
  if (filter.actor) query = query.where('actor_user_id', '=', filter.actor);
  if (filter.player) query = query.where('target_user_id', '=', filter.player);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.fromMs !== undefined) query = query.where('at', '>=', filter.fromMs);
  if (filter.toMs !== undefined) query = query.where('at', '<', filter.toMs);
  if (filter.before) query = query.where('id', '<', filter.before);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** Pending role grants not expired at `now` (of one person, or everyone's), oldest first. */
export function findPendingGrants(db: Db, now: number, userId?: string): Promise<StaffRoleGrantsTable[]> {
  let q = db
    .selectFrom('staff_role_grants')
    .selectAll()
    .where('status', '=', 'pending')
    .where('expires_at', '>', now);
  if (userId) q = q.where('user_id', '=', userId);
  return q.orderBy('created_at').orderBy('id').execute();
}

export function findRoleGrant(db: Db, id: string): Promise<StaffRoleGrantsTable | undefined> {
  return db.selectFrom('staff_role_grants').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks pending grants of a person and role past their expiry as expired (frees the unique slot). */
export async function expirePendingGrants(db: Db, userId: string, role: string, now: number) {
  await db
    .updateTable('staff_role_grants')
    .set({ status: 'expired', decided_at: now })
    .where('user_id', '=', userId)
    .where('role', '=', role)
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .execute();
}

export async function insertRoleGrant(db: Db, row: StaffRoleGrantsTable) {
  await db.insertInto('staff_role_grants').values(row).execute();
}

/**
 * Decides a grant only while it is pending and not expired (one atomic UPDATE … RETURNING): two
 * administrators deciding at once never both win. Undefined when it was not pending.
 */
export function decideRoleGrant(
  db: Db,
  id: string,
  status: 'confirmed' | 'cancelled',
  by: string,
  now: number,
): Promise<StaffRoleGrantsTable | undefined> {
  return db
    .updateTable('staff_role_grants')
    .set({ status, decided_by: by, decided_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}
