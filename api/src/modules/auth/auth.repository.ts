import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { DB, OtpCodesTable, SessionsTable, UsersTable, WalletsTable } from '../../db/schema.js';
import type { Tx } from '../../db/tx.js';

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OtpRow = Selectable<OtpCodesTable>;
type Db = Kysely<DB> | Tx;

export const findUserByPhone = (db: Db, phone: string) =>
  db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();

export const findUserById = (db: Db, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertUserWithWallet(db: Db, user: UserRow, currency: string): Promise<void> {
  await db.insertInto('users').values(user).execute();
  await db
    .insertInto('wallets')
    .values({
      user_id: user.id,
      currency,
      main: 0,
      withdrawal: 0,
      bonus: 0,
      version: 0,
      updated_at: user.created_at,
    })
    .execute();
}

export const setUserStatus = (db: Db, id: string, status: UserRow['status'], now: number) =>
  db.updateTable('users').set({ status, updated_at: now }).where('id', '=', id).execute();

export const setPasswordHash = (db: Db, id: string, passwordHash: string, now: number) =>
  db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', id)
    .execute();

export const insertSession = (db: Db, session: SessionRow) =>
  db.insertInto('sessions').values(session).execute();

export interface SessionForAuth {
  user_id: string;
  revoked_at: number | null;
  expires_at: number;
  status: UserRow['status'];
  phone: string;
  player_ref: string;
}

/** The user's pots (null without a wallet row), read together with the session. */
export type WalletPots = { [K in 'currency' | 'main' | 'withdrawal' | 'bonus']: WalletsTable[K] | null };

const sessionQuery = (db: Kysely<DB>, sessionId: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.user_id',
      'sessions.revoked_at',
      'sessions.expires_at',
      'users.status',
      'users.phone',
      'users.player_ref',
    ])
    .where('sessions.id', '=', sessionId);

const sessionForAuth = prepared<SessionForAuth, { sessionId: string }>((db, param) =>
  sessionQuery(db, param('sessionId')),
);

const sessionWithWallet = prepared<SessionForAuth & WalletPots, { sessionId: string }>((db, param) =>
  sessionQuery(db, param('sessionId'))
    .leftJoin('wallets', 'wallets.user_id', 'sessions.user_id')
    .select(['wallets.currency', 'wallets.main', 'wallets.withdrawal', 'wallets.bonus']),
);

/** The one query an authenticated request costs: the session and its user's status. */
export const findSessionForAuth = (database: Database, sessionId: string) =>
  sessionForAuth.readFirst(database, { sessionId });

/** The same, with the user's pots: the balance screen's session check and read in one query. */
export const findSessionWithWallet = (database: Database, sessionId: string) =>
  sessionWithWallet.readFirst(database, { sessionId });

export const revokeSession = (db: Db, sessionId: string, reason: string, now: number) =>
  db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();

export const revokeUserSessions = (db: Db, userId: string, reason: string, now: number) =>
  db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();

export const insertRefreshToken = (
  db: Db,
  row: { token_hash: string; session_id: string; created_at: number; expires_at: number },
) =>
  db
    .insertInto('refresh_tokens')
    .values({ ...row, used_at: null })
    .execute();

export const findRefreshToken = (db: Db, tokenHash: string) =>
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
      'sessions.user_id',
      'users.status',
    ])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();

/** Spends a refresh token; false when it was already spent (a concurrent or replayed use). */
export async function spendRefreshToken(db: Db, tokenHash: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const latestOtp = (db: Db, phone: string, purpose: OtpRow['purpose']) =>
  db
    .selectFrom('otp_codes')
    .selectAll()
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();

export async function replaceOtp(db: Db, row: OtpRow): Promise<void> {
  // A new code ends every earlier one for the same phone and purpose.
  await db
    .updateTable('otp_codes')
    .set({ consumed_at: row.created_at })
    .where('phone', '=', row.phone)
    .where('purpose', '=', row.purpose)
    .where('consumed_at', 'is', null)
    .execute();
  await db.insertInto('otp_codes').values(row).execute();
}

export const deleteOtp = (db: Db, id: string) => db.deleteFrom('otp_codes').where('id', '=', id).execute();

export const recordOtpFailure = (db: Db, id: string, attempts: number, endNow: number | null) =>
  db.updateTable('otp_codes').set({ attempts, consumed_at: endNow }).where('id', '=', id).execute();

export const consumeOtp = (db: Db, id: string, now: number) =>
  db.updateTable('otp_codes').set({ consumed_at: now }).where('id', '=', id).execute();
