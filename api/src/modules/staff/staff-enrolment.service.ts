/**
 * Enrolment of a staff member's authenticator (docs/decisions/052-staff-accounts-two-factors.md):
 * a new TOTP secret with its recovery codes, then its confirmation with a first code.
 */
import type { TotpEnrolResponse } from '@mchezo/contracts/staff';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/tx.js';
import { newId } from '../../lib/crypto.js';
import { conflict } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import { isCodeFailure, staffTotpKey, takeCode } from './second-factor.js';
import { confirmTotp, findTotp, insertRecoveryCodes, replaceTotp } from './staff.repository.js';
import type { PersonActor, StaffLimiter } from './staff.types.js';
import type { StaffAuditService } from './staff-audit.service.js';
import { staffUser } from './staff-people.js';
import { encryptSecret, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from './totp.js';

export class StaffEnrolmentService {
  private readonly key: Buffer;

  constructor(
    private readonly ctx: AppContext,
    private readonly audit: StaffAuditService,
    private readonly limiter: StaffLimiter,
  ) {
    this.key = staffTotpKey(ctx);
  }

  /**
   * A new TOTP secret for a staff member signed in with their password (a player session): its
   * URI, QR code and 10 recovery codes, answered this once. Replaces an enrolment not yet
   * confirmed; a confirmed one stays (409 ALREADY_ENROLLED: an administrator resets it first).
   */
  async enrol(actor: PersonActor): Promise<TotpEnrolResponse> {
    const user = await staffUser(this.ctx, actor.userId);
    const existing = await findTotp(this.ctx.database.db, user.id);
    if (existing?.confirmed_at)
      throw conflict(
        'An authenticator is already enrolled: an administrator resets it first',
        'ALREADY_ENROLLED',
      );
    const { base32, uri, svg } = await newTotpSecret(user.phone, this.ctx.env.STAFF_TOTP_ISSUER);
    const codes = newRecoveryCodes();
    const now = this.ctx.clock.now();
    await inTransaction(this.ctx.database, async (trx) => {
      await replaceTotp(trx, {
        user_id: user.id,
        secret_enc: encryptSecret(this.key, base32),
        created_at: now,
        confirmed_at: null,
        last_step: null,
      });
      await insertRecoveryCodes(
        trx,
        codes.map((code) => ({
          id: newId(),
          user_id: user.id,
          code_hash: recoveryCodeHash(code),
          created_at: now,
        })),
      );
      await this.audit.write(actor, { action: 'staff.totp_enrol_started', targetUserId: user.id }, trx);
    });
    return { otpauth_uri: uri, secret: base32, qr_svg: svg, recovery_codes: codes };
  }

  /** Confirms the enrolment with a code from the app (wrong codes count like wrong passwords). */
  async confirm(actor: PersonActor, code: string): Promise<{ confirmed_at: string }> {
    const user = await staffUser(this.ctx, actor.userId);
    const db = this.ctx.database.db;
    const totp = await findTotp(db, user.id);
    if (!totp) throw conflict('Start the enrolment first', 'NOT_ENROLLING');
    if (totp.confirmed_at) throw conflict('An authenticator is already enrolled', 'ALREADY_ENROLLED');
    await this.limiter.guardFailures(
      `staff_factor_failed:${user.id}`,
      () => takeCode(db, this.key, user.id, totp.secret_enc, code, this.ctx.clock.now()),
      isCodeFailure,
    );
    const now = this.ctx.clock.now();
    await inTransaction(this.ctx.database, async (trx) => {
      await confirmTotp(trx, user.id, now);
      await this.audit.write(actor, { action: 'staff.totp_enrolled', targetUserId: user.id }, trx);
    });
    return { confirmed_at: iso(now) };
  }
}
