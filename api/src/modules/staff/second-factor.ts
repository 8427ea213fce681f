/** The TOTP key of this API and taking a code once, shared by enrolment and sign-in. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AppError, refuse } from '../../lib/errors.js';
import type { StaffConfig } from './staff.config.js';
import { takeStep } from './staff.repository.js';
import { decryptSecret, matchingStep, totpKey } from './totp.js';

/** The key TOTP secrets are encrypted with. Production refuses to start without STAFF_TOTP_KEY (production.ts); elsewhere one is derived. */
export const staffTotpKey = (config: Pick<StaffConfig, 'STAFF_TOTP_KEY' | 'JWT_SECRET'>): Buffer =>
  totpKey(config.STAFF_TOTP_KEY ?? `derived-from-jwt:${config.JWT_SECRET}`);

/** Accepts a TOTP code once: its step must be later than every step accepted before. */
export async function takeCode(
  db: Kysely<DB>,
  key: Buffer,
  userId: string,
  secretEnc: string,
  code: string,
  now: number,
): Promise<void> {
  const step = matchingStep(decryptSecret(key, secretEnc), code, now);
  if (step === null) throw refuse('CODE_INVALID', 'Wrong authenticator code');
  if (!(await takeStep(db, userId, step)))
    throw refuse('CODE_USED', 'This code was used already: wait for the next one');
}

/** Wrong and replayed codes count towards the account's lock. */
export const isCodeFailure = (err: unknown) =>
  err instanceof AppError && (err.extra.code === 'CODE_INVALID' || err.extra.code === 'CODE_USED');
