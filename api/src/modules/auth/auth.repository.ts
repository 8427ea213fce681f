import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { SessionsTable, UsersTable } from './auth.tables.js';

export type UserRow = Selectable<UsersTable>;
type SessionRow = Selectable<SessionsTable>;

export const findUserByPhone = (db: Kysely<DB>, phone: string) =>
  db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();

export const findUserById = (db: Kysely<DB>, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const insertUser = (db: Kysely<DB>, user: UserRow) => db.insertInto('users').values(user).execute();

export const setUserStatus = (db: Kysely<DB>, id: string, status: UserRow['status'], now: number) =>
  db.updateTable('users').set({ status, updated_at: now }).where('id', '=', id).execute();

export const setPasswordHash = (db: Kysely<DB>, id: string, passwordHash: string, now: number) =>
  db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', id)
    .execute();

export const insertSession = (db: Kysely<DB>, session: SessionRow) =>
  db.insertInto('sessions').values(session).execute();

export interface SessionForAuth {
  user_id: string;
  revoked_at: number | null;
  expires_at: number;
  status: UserRow['status'];
  phone: string;
  player_ref: string;
}

/**
 * The one query an authenticated request costs: the session and its user's status. Written as
 * SQL (through Kysely, which binds the value for either database) because it runs on every
 * authenticated request and building it with the query builder costs more than running it
 * (docs/decisions/012-sqlite-group-commit.md).
 */
export const findSessionForAuth = async (db: Kysely<DB>, sessionId: string) => {
  const { rows } = await sql<SessionForAuth>`
    select sessions.user_id, sessions.revoked_at, sessions.expires_at, users.status, users.phone, users.player_ref
    from sessions inner join users on users.id = sessions.user_id
    where sessions.id = ${sessionId}`.execute(db);
  return rows[0];
};

export const revokeSession = (db: Kysely<DB>, sessionId: string, reason: string, now: number) =>
  db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();

/**
 * Ends every session of the person, whatever signed it in: their player sessions here, and their
 * staff sessions (modules/staff) through the account's session epoch, which moves on by one, so
 * a staff session opened before stands no more (StaffSessionsService.authenticate). Every path
 * that signs a person out everywhere (a password reset, a force-logout) comes through here.
 */
export async function revokeUserSessions(db: Kysely<DB>, userId: string, reason: string, now: number) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('users')
    .set((eb) => ({ session_epoch: eb('session_epoch', '+', 1), signed_out_reason: reason, updated_at: now }))
    .where('id', '=', userId)
    .execute();
}

export const insertRefreshToken = (
  db: Kysely<DB>,
  row: { token_hash: string; session_id: string; created_at: number; expires_at: number },
) =>
  db
    .insertInto('refresh_tokens')
    .values({ ...row, used_at: null })
    .execute();

export const findRefreshToken = (db: Kysely<DB>, tokenHash: string) =>
  db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'refresh_tokens.token_hash',
      'refresh_tokens.session_id',
      'refresh_tokens.expires_at',
      'refresh_tokens.used_at',
      'sessions.revoked_at',
      'sessions.expires_at as session_expires_at',
      'sessions.user_id',
      'users.status',
    ])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();

/** Spends a refresh token; false when it was already spent (a concurrent or replayed use). */
export async function spendRefreshToken(db: Kysely<DB>, tokenHash: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A page position: rows strictly older than (created_at, id), newest first. */
export interface NewestFirstCursor {
  createdAt: number;
  id: string;
}

export interface UserSearch {
  /** `%…%` over the phone's digits (LIKE); indexed by users_phone_trgm_idx on PostgreSQL. */
  phonePattern?: string | undefined;
  /** `%…%` over lower(full_name) (LIKE, `\` escapes); users_name_trgm_idx on PostgreSQL. */
  namePattern?: string | undefined;
  /** Exact ids (a Paybill account's holder). */
  ids?: string[] | undefined;
  status?: UserRow['status'] | undefined;
  before?: NewestFirstCursor | undefined;
  limit: number;
}

/**
 * Players matching any of the patterns or ids (and the status), newest first. Every pattern is
 * a trigram index read on PostgreSQL (migration 0030_user_search), so a search costs its matches,
 * not the table; a status alone reads users_status_created_idx.
 */
export function searchUsers(db: Kysely<DB>, s: UserSearch) {
  let query = db.selectFrom('users').select(['id', 'phone', 'full_name', 'status', 'created_at']);
  if (s.phonePattern || s.namePattern || s.ids?.length)
    query = query.where((eb) =>
      eb.or([
        ...(s.phonePattern ? [eb('phone', 'like', s.phonePattern)] : []),
        ...(s.namePattern ? [sql<boolean>`lower(full_name) like ${s.namePattern} escape '\\'`] : []),
        ...(s.ids?.length ? [eb('id', 'in', s.ids)] : []),
      ]),
    );
  if (s.status) query = query.where('status', '=', s.status);
  const { before } = s;
  if (before)
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', before.createdAt),
        eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)]),
      ]),
    );
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(s.limit).execute();
}

/** The player's sign-in sessions, newest first, with the last time each was refreshed. */
export const sessionsOfUser = (db: Kysely<DB>, userId: string, limit: number) =>
  db
    .selectFrom('sessions')
    .leftJoin('refresh_tokens', 'refresh_tokens.session_id', 'sessions.id')
    .select((eb) => [
      'sessions.id',
      'sessions.created_at',
      'sessions.expires_at',
      'sessions.revoked_at',
      'sessions.revoked_reason',
      eb.fn.max<number | null>('refresh_tokens.created_at').as('last_refreshed_at'),
    ])
    .where('sessions.user_id', '=', userId)
    .groupBy([
      'sessions.id',
      'sessions.created_at',
      'sessions.expires_at',
      'sessions.revoked_at',
      'sessions.revoked_reason',
    ])
    .orderBy('sessions.created_at', 'desc')
    .limit(limit)
    .execute();

/** Open sessions: not revoked, not expired. */
export async function countOpenSessions(db: Kysely<DB>, userId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The latest sign-in (session opened), epoch ms. */
export async function lastSessionStart(db: Kysely<DB>, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.max<number | null>('created_at').as('at'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

/** Names (or phones) of accounts by id: the authors of staff notes. */
export const namesOfUsers = (db: Kysely<DB>, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('users').select(['id', 'phone', 'full_name']).where('id', 'in', ids).execute();

/**
 * A user's verification ticket (docs/decisions/062-verification-tickets.md): one at a time, so a
 * new one (a later pending login) replaces any earlier one.
 */
export async function replaceVerificationTicket(
  db: Kysely<DB>,
  row: { ticket_hash: string; user_id: string; created_at: number; expires_at: number },
): Promise<void> {
  await db.deleteFrom('verification_tickets').where('user_id', '=', row.user_id).execute();
  await db
    .insertInto('verification_tickets')
    .values({ ...row, used_at: null })
    .execute();
}

export const findVerificationTicket = (db: Kysely<DB>, ticketHash: string) =>
  db.selectFrom('verification_tickets').selectAll().where('ticket_hash', '=', ticketHash).executeTakeFirst();

/**
 * Spends a ticket of this user that is neither spent nor expired, in one statement: of two
 * parallel uses only one gets a row back.
 */
export const spendVerificationTicket = (db: Kysely<DB>, ticketHash: string, userId: string, now: number) =>
  db
    .updateTable('verification_tickets')
    .set({ used_at: now })
    .where('ticket_hash', '=', ticketHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('ticket_hash')
    .executeTakeFirst();

export const deleteVerificationTickets = (db: Kysely<DB>, userId: string) =>
  db.deleteFrom('verification_tickets').where('user_id', '=', userId).execute();
