/**
 * Enrolment of a staff member's authenticator (docs/decisions/052-staff-accounts-two-factors.md):
 * an administrator issues a one-time enrolment code, the person starts the enrolment with it (a
 * new TOTP secret and its recovery codes), then confirms it with a first code from the app. A
 * stolen password alone enrols nothing. The one exception: an ADMIN_PHONES administrator while no
 * administrator has a confirmed authenticator (an empty system's first administrator).
 */
import type { IssueEnrolmentResponse, TotpEnrolResponse } from '@mchezo/contracts/staff';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/tx.js';
import { newId } from '../../lib/crypto.js';
import { AppError, refuse } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import { configuredRoles } from '../auth/roles.service.js';
import { isCodeFailure, staffTotpKey, takeCode } from './second-factor.js';
import type { StaffConfig } from './staff.config.js';
import {
  confirmTotp,
  enrolledWithRole,
  findStaffUser,
  findTotp,
  insertRecoveryCodes,
  replaceEnrolmentCode,
  replaceTotp,
  type StaffUserRow,
  useEnrolmentCode,
} from './staff.repository.js';
import { type PersonActor, STORED_ROLE, type StaffLimiter, staffRolesOf } from './staff.types.js';
import type { StaffAuditService } from './staff-audit.service.js';
import { staffUser } from './staff-people.js';
import {
  encryptSecret,
  enrolmentCodeHash,
  newEnrolmentCode,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
} from './totp.js';

/** How long an enrolment code stands. */
export const ENROLMENT_CODE_TTL_MS = 24 * 3_600_000;

const ALREADY_ENROLLED = 'An authenticator is already enrolled: an administrator resets it first';

const isEnrolmentCodeFailure = (err: unknown) =>
  err instanceof AppError && err.extra.code === 'ENROLMENT_CODE_INVALID';

export class StaffEnrolmentService {
  private readonly key: Buffer;

  constructor(
    private readonly ctx: AppContext,
    private readonly audit: StaffAuditService,
    private readonly limiter: StaffLimiter,
    private readonly config: StaffConfig,
  ) {
    this.key = staffTotpKey(config);
  }

  /**
   * An administrator issues `userId` a one-time enrolment code (24 hours), answered this once;
   * it voids the one before. 404 no such person, 409 NOT_STAFF without a staff role,
   * ALREADY_ENROLLED with a confirmed authenticator (reset it first).
   */
  async issueCode(actor: PersonActor, userId: string, reason: string): Promise<IssueEnrolmentResponse> {
    const code = newEnrolmentCode();
    const now = this.ctx.clock.now();
    const expiresAt = now + ENROLMENT_CODE_TTL_MS;
    await inTransaction(this.ctx.database, async (trx) => {
      const user = await findStaffUser(trx, userId);
      if (!user) throw refuse('NOT_FOUND', 'No such person');
      if (!staffRolesOf(user.roles).length) throw refuse('NOT_STAFF', 'Grant this person a staff role first');
      if ((await findTotp(trx, userId))?.confirmed_at) throw refuse('ALREADY_ENROLLED', ALREADY_ENROLLED);
      await replaceEnrolmentCode(trx, {
        user_id: userId,
        code_hash: enrolmentCodeHash(code),
        issued_by: actor.userId,
        created_at: now,
        expires_at: expiresAt,
        used_at: null,
      });
      await this.audit.write(
        actor,
        {
          action: 'staff.enrolment_issued',
          targetUserId: userId,
          after: { expires_at: iso(expiresAt) },
          reason,
        },
        trx,
      );
    });
    return { enrolment_code: code, expires_at: iso(expiresAt) };
  }

  /** Whether `user` enrols without a code: an ADMIN_PHONES administrator while no administrator is enrolled. */
  private async bootstrapping(user: StaffUserRow): Promise<boolean> {
    if (!configuredRoles(this.config, user.phone).includes(STORED_ROLE.admin)) return false;
    return (await enrolledWithRole(this.ctx.database.db, STORED_ROLE.admin)).length === 0;
  }

  /**
   * A new TOTP secret for a staff member signed in with their password (a player session) who
   * brings the enrolment code an administrator issued them: its URI, QR code and 10 recovery
   * codes, answered this once. The code is taken with it. Replaces an enrolment not yet
   * confirmed; a confirmed one stays (409 ALREADY_ENROLLED: an administrator resets it first).
   */
  async enrol(actor: PersonActor, enrolmentCode: string | undefined): Promise<TotpEnrolResponse> {
    const user = await staffUser(this.ctx, this.config, actor.userId);
    const existing = await findTotp(this.ctx.database.db, user.id);
    if (existing?.confirmed_at) throw refuse('ALREADY_ENROLLED', ALREADY_ENROLLED);
    const needsCode = !(await this.bootstrapping(user));
    if (needsCode && !enrolmentCode)
      throw refuse(
        'ENROLMENT_CODE_REQUIRED',
        'Enrolling needs the one-time enrolment code an administrator issues you',
      );
    const { base32, uri, svg } = await newTotpSecret(user.phone, this.config.STAFF_TOTP_ISSUER);
    const codes = newRecoveryCodes();
    const now = this.ctx.clock.now();
    const start = () =>
      inTransaction(this.ctx.database, async (trx) => {
        if (needsCode && !(await useEnrolmentCode(trx, user.id, enrolmentCodeHash(enrolmentCode ?? ''), now)))
          throw refuse(
            'ENROLMENT_CODE_INVALID',
            'This enrolment code is wrong, used or expired: ask an administrator for a new one',
          );
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
        await this.audit.write(
          actor,
          {
            action: 'staff.totp_enrol_started',
            targetUserId: user.id,
            after: { enrolment: needsCode ? 'code' : 'bootstrap' },
          },
          trx,
        );
      });
    await this.limiter.guardFailures(`staff_factor_failed:${user.id}`, start, isEnrolmentCodeFailure);
    return { otpauth_uri: uri, secret: base32, qr_svg: svg, recovery_codes: codes };
  }

  /** Confirms the enrolment with a code from the app (wrong codes count like wrong passwords). */
  async confirm(actor: PersonActor, code: string): Promise<{ confirmed_at: string }> {
    const user = await staffUser(this.ctx, this.config, actor.userId);
    const db = this.ctx.database.db;
    const totp = await findTotp(db, user.id);
    if (!totp) throw refuse('NOT_ENROLLING', 'Start the enrolment first');
    if (totp.confirmed_at) throw refuse('ALREADY_ENROLLED', 'An authenticator is already enrolled');
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
