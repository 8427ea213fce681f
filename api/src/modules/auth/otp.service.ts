import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/tx.js';
import { hmacHex, newId, randomDigits, randomToken, safeEqual } from '../../lib/crypto.js';
import { rateLimited, refuse } from '../../lib/errors.js';
import { countInWindow } from '../../lib/window-counter.js';
import type { AuthConfig } from './auth.config.js';
import {
  claimOtpAttempt,
  consumeOtp,
  deleteOtp,
  latestOtp,
  type OtpRow,
  replaceOtp,
} from './otp.repository.js';

type OtpPurpose = OtpRow['purpose'];

const MESSAGES: Record<OtpPurpose, (code: string, minutes: number) => string> = {
  verify: (code, minutes) => `Your Mchezo verification code is ${code}. It expires in ${minutes} minutes.`,
  reset: (code, minutes) => `Your Mchezo password reset code is ${code}. It expires in ${minutes} minutes.`,
};

/**
 * One-time codes. Test mode: the code is always OTP_TEST_CODE and nothing is sent; like a live
 * code it is valid only after a request, until used, expired or tried OTP_MAX_ATTEMPTS times.
 * Live mode: a random 6-digit code, stored as a keyed hash, valid OTP_TTL_SECONDS,
 * ended after OTP_MAX_ATTEMPTS wrong tries, sent by the SMS adapter.
 */
export class OtpService {
  constructor(
    private readonly ctx: AppContext,
    private readonly config: AuthConfig,
  ) {}

  private hash(phone: string, purpose: OtpPurpose, code: string): string {
    return hmacHex(this.config.JWT_SECRET, `otp:${purpose}:${phone}:${code}`);
  }

  /**
   * Issues a code when `eligible`; otherwise records a dead one, so the answer and the
   * cooldown look the same whether or not the phone has an account.
   */
  async issue(phone: string, purpose: OtpPurpose, eligible: boolean): Promise<void> {
    const { clock, database } = this.ctx;
    const { OTP_MODE, OTP_TEST_CODE, OTP_TTL_SECONDS, OTP_RESEND_COOLDOWN_SECONDS } = this.config;
    const now = clock.now();
    const live = OTP_MODE === 'live';
    const code = live ? randomDigits(6) : OTP_TEST_CODE;
    const row: OtpRow = {
      id: newId(),
      phone,
      purpose,
      code_hash: eligible ? this.hash(phone, purpose, code) : `dead:${randomToken(16)}`,
      created_at: now,
      expires_at: now + OTP_TTL_SECONDS * 1000,
      attempts: 0,
      consumed_at: null,
    };
    const cooldownKey = `otp_issued:${purpose}:${phone}`;
    const cooldownMs = OTP_RESEND_COOLDOWN_SECONDS * 1000;
    await inTransaction(database, async (trx) => {
      // The cooldown is one atomic count (lib/window-counter.ts), not a read of the last code:
      // two requests at once never both send a code.
      const { count, windowStart } = await countInWindow(trx, cooldownKey, cooldownMs, now);
      if (count > 1) throw rateLimited((windowStart + cooldownMs - now) / 1000);
      await replaceOtp(trx, row);
    });
    if (!eligible || !live) return;
    try {
      await this.ctx.sms.send(phone, MESSAGES[purpose](code, Math.round(OTP_TTL_SECONDS / 60)));
    } catch (err) {
      this.ctx.log.error(
        { err: { message: (err as Error).message }, sms: this.ctx.sms.name },
        'sms send failed',
      );
      // Let the player retry at once rather than wait out a cooldown for a code that never left.
      await deleteOtp(database.db, row.id);
      await database.db.deleteFrom('rate_limits').where('key', '=', cooldownKey).execute();
      throw refuse('SMS_FAILED', 'We could not send the code. Please try again.');
    }
  }

  /**
   * Checks and spends a code; throws 400 when it is wrong, expired or used up. Each try is
   * counted before the code is compared (claimOtpAttempt), and a right code is spent once only,
   * so parallel tries get no more than OTP_MAX_ATTEMPTS comparisons and one success.
   */
  async check(phone: string, purpose: OtpPurpose, code: string): Promise<void> {
    const { clock, database } = this.ctx;
    const { OTP_MAX_ATTEMPTS } = this.config;
    const now = clock.now();
    const outcome = await inTransaction(database, async (trx) => {
      const row = await latestOtp(trx, phone, purpose);
      // Test mode stores the fixed code's hash when a code is asked for, so the fixed code too
      // works only while a request is outstanding: never for a phone nobody asked a code for.
      const tried = row && (await claimOtpAttempt(trx, row.id, OTP_MAX_ATTEMPTS, now));
      if (!row || !tried) return row && row.expires_at <= now ? 'expired' : 'none';
      if (safeEqual(tried.code_hash, this.hash(phone, purpose, code)))
        return (await consumeOtp(trx, row.id, now)) ? 'ok' : 'none';
      if (tried.attempts < OTP_MAX_ATTEMPTS) return 'wrong';
      await consumeOtp(trx, row.id, now);
      return 'exhausted';
    });
    switch (outcome) {
      case 'ok':
        return;
      case 'expired':
        throw refuse('CODE_EXPIRED', 'This code has expired. Request a new code.');
      case 'exhausted':
        throw refuse('CODE_ATTEMPTS_EXCEEDED', 'Too many wrong attempts. Request a new code.');
      case 'none':
        throw refuse('CODE_NOT_FOUND', 'No active code for this phone. Request a new code.');
      default:
        throw refuse('CODE_INVALID', 'Invalid verification code');
    }
  }
}
