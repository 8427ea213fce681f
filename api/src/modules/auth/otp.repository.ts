/** The one-time codes' queries (otp.service.ts): one live code per phone and purpose, tries counted. */
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { OtpCodesTable } from './auth.tables.js';

export type OtpRow = Selectable<OtpCodesTable>;

export const latestOtp = (db: Kysely<DB>, phone: string, purpose: OtpRow['purpose']) =>
  db
    .selectFrom('otp_codes')
    .selectAll()
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();

export async function replaceOtp(db: Kysely<DB>, row: OtpRow): Promise<void> {
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

export const deleteOtp = (db: Kysely<DB>, id: string) =>
  db.deleteFrom('otp_codes').where('id', '=', id).execute();

/**
 * Takes one try of a live code (one atomic UPDATE … RETURNING): its attempts grow by one only
 * while it is unused, unexpired and has tries left, so parallel tries each get a place of their
 * own and no more than `maxAttempts` are ever compared. Undefined when no try is left.
 */
export async function claimOtpAttempt(
  db: Kysely<DB>,
  id: string,
  maxAttempts: number,
  now: number,
): Promise<{ attempts: number; code_hash: string } | undefined> {
  const row = await db
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .returning(['attempts', 'code_hash'])
    .executeTakeFirst();
  return row && { attempts: Number(row.attempts), code_hash: row.code_hash };
}

/** Spends the code if it is still unused: false when a parallel try spent or ended it first. */
export async function consumeOtp(db: Kysely<DB>, id: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('otp_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
