/**
 * Staff sign-in and staff sessions (docs/decisions/052-staff-accounts-two-factors.md): phone,
 * password and a second factor open a session shorter than a player's; `authenticate` is what
 * `requireStaff` (staff.guard.ts) asks of every staff request. Every sign-in is audited, failed
 * or not.
 */
import type { StaffMember, StaffRoleName, StaffSessionInfo } from '@mchezo/contracts/staff';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { inTransaction } from '../../db/tx.js';
import { newId, randomToken, sha256 } from '../../lib/crypto.js';
import { AppError, lockedOut, refuse } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import { type AuthService, SUSPENDED_MESSAGE } from '../auth/auth.service.js';
import { isCodeFailure, staffTotpKey, takeCode } from './second-factor.js';
import type { StaffConfig } from './staff.config.js';
import {
  endStaffSession,
  endStaffSessionsOf,
  findStaffSession,
  findStaffSessionByToken,
  findStaffUser,
  findTotp,
  insertStaffSession,
  type StaffUserRow,
  spendRecoveryCode,
  staffSessionsOf,
  touchStaffSession,
} from './staff.repository.js';
import type { StaffSecondFactor, StaffSessionsTable } from './staff.tables.js';
import {
  type PersonActor,
  ROLE_WHO,
  STAFF_TOKEN_PREFIX,
  type StaffAuth,
  type StaffLimiter,
  staffRolesOf,
} from './staff.types.js';
import type { StaffAuditService } from './staff-audit.service.js';
import type { StaffDevice } from './staff-device.js';
import { memberOf, staffUser } from './staff-people.js';
import { recoveryCodeHash } from './totp.js';

export class StaffSessionsService {
  private readonly key: Buffer;

  constructor(
    private readonly ctx: AppContext,
    private readonly auth: AuthService,
    private readonly limiter: StaffLimiter,
    private readonly audit: StaffAuditService,
    private readonly config: StaffConfig,
  ) {
    this.key = staffTotpKey(config);
  }

  private get db() {
    return this.ctx.database.db;
  }

  private sessionInfo(s: StaffSessionsTable): StaffSessionInfo {
    return {
      id: s.id,
      user_id: s.user_id,
      second_factor: s.second_factor,
      created_at: iso(Number(s.created_at)),
      last_seen_at: iso(Number(s.last_seen_at)),
      idle_expires_at: iso(
        Math.min(
          Number(s.last_seen_at) + this.config.STAFF_SESSION_IDLE_SECONDS * 1000,
          Number(s.expires_at),
        ),
      ),
      expires_at: iso(Number(s.expires_at)),
      ended_at: s.ended_at === null ? null : iso(Number(s.ended_at)),
      ended_reason: s.ended_reason,
    };
  }

  /**
   * Phone and password, then the second factor (a TOTP code or a recovery code): a staff session.
   * Every outcome is audited; wrong passwords count per phone and address (as the player login),
   * wrong codes per account.
   */
  async signIn(
    input: { phone: string; password: string; code?: string | undefined; recoveryCode?: string | undefined },
    device: StaffDevice,
  ): Promise<{ token: string; session: StaffSessionInfo; member: StaffMember }> {
    const { ip } = device;
    let userId: string | null = null;
    try {
      const account = await this.limiter.guardFailures(
        `staff_login_failed:${input.phone}:${ip}`,
        () => this.auth.checkPassword(input.phone, input.password),
        (err) => err instanceof AppError && err.extra.code === 'INVALID_CREDENTIALS',
      );
      userId = account.id;
      if (account.status === 'suspended') throw lockedOut('ACCOUNT_SUSPENDED', SUSPENDED_MESSAGE);
      if (account.status !== 'active') throw refuse('NEEDS_VERIFICATION', 'Verify your phone number first');
      const user = await staffUser(this.ctx, this.config, account.id);
      const totp = await findTotp(this.db, user.id);
      if (!totp?.confirmed_at)
        throw refuse(
          'TWO_FACTOR_NOT_ENROLLED',
          'Enrol an authenticator app first (POST /staff/totp/enrol, signed in with your password)',
        );
      if (!input.code && !input.recoveryCode)
        throw refuse('CODE_REQUIRED', 'Enter the code from your authenticator app');
      const factor: StaffSecondFactor = input.code ? 'totp' : 'recovery_code';
      await this.limiter.guardFailures(
        `staff_factor_failed:${user.id}`,
        async () => {
          const now = this.ctx.clock.now();
          if (input.code) return takeCode(this.db, this.key, user.id, totp.secret_enc, input.code, now);
          const hash = recoveryCodeHash(input.recoveryCode ?? '');
          if (!(await spendRecoveryCode(this.db, user.id, hash, now)))
            throw refuse('CODE_INVALID', 'Unknown or used recovery code');
        },
        isCodeFailure,
      );
      return await this.openSession(user, factor, device);
    } catch (err) {
      const code = err instanceof AppError ? String(err.extra.code ?? err.statusCode) : 'ERROR';
      await this.audit.write(
        { userId, ip },
        {
          action: 'staff.sign_in_failed',
          targetUserId: userId,
          target: userId ? null : `phone:${input.phone}`,
          after: { code },
        },
      );
      throw err;
    }
  }

  private async openSession(user: StaffUserRow, factor: StaffSecondFactor, device: StaffDevice) {
    const { clock } = this.ctx;
    const { ip } = device;
    const now = clock.now();
    const token = `${STAFF_TOKEN_PREFIX}${randomToken()}`;
    const row: StaffSessionsTable = {
      id: newId(),
      token_hash: sha256(token),
      user_id: user.id,
      second_factor: factor,
      created_at: now,
      last_seen_at: now,
      expires_at: now + this.config.STAFF_SESSION_MAX_SECONDS * 1000,
      ended_at: null,
      ended_reason: null,
      ended_by: null,
      account_epoch: Number(user.session_epoch),
      ip,
      user_agent: device.userAgent,
      device_id: device.deviceId,
    };
    await inTransaction(this.ctx.database, async (trx) => {
      await insertStaffSession(trx, row);
      await this.audit.write(
        { userId: user.id, ip },
        {
          action: 'staff.sign_in',
          targetUserId: user.id,
          target: `staff_session:${row.id}`,
          after: { second_factor: factor, roles: staffRolesOf(user.roles) },
        },
        trx,
      );
    });
    return {
      token,
      session: this.sessionInfo(row),
      member: await memberOf(this.db, user, this.ctx.clock.now()),
    };
  }

  /**
   * The staff session of a staff token, if it still stands: 401 when unknown, ended, idle too
   * long or past its absolute end (the last two end it), or its person suspended. Each request
   * moves its idle end.
   */
  async authenticate(token: string): Promise<StaffAuth> {
    const { clock } = this.ctx;
    const session = await findStaffSessionByToken(this.db, sha256(token));
    if (!session) throw refuse('STAFF_SESSION_INVALID', 'Sign in to the staff site again');
    if (session.ended_at !== null) throw refuse('STAFF_SESSION_ENDED', 'Your staff session has ended');
    const now = clock.now();
    const idleEnd = Number(session.last_seen_at) + this.config.STAFF_SESSION_IDLE_SECONDS * 1000;
    const expired = idleEnd <= now ? 'idle' : Number(session.expires_at) <= now ? 'expired' : null;
    if (expired) {
      if (await endStaffSession(this.db, session.id, expired, null, now))
        await this.audit.write(
          { userId: session.user_id, ip: null },
          {
            action: 'staff.session_ended',
            targetUserId: session.user_id,
            target: `staff_session:${session.id}`,
            reason: expired,
          },
        );
      throw refuse('STAFF_SESSION_EXPIRED', 'Your staff session has expired: sign in again');
    }
    const user = await findStaffUser(this.db, session.user_id);
    // Signed out everywhere since (a password reset, a force-logout: auth's revokeUserSessions):
    // the session ends with the reason the person was signed out for.
    if (user && Number(user.session_epoch) !== Number(session.account_epoch)) {
      const reason = user.signed_out_reason ?? 'signed_out';
      if (await endStaffSession(this.db, session.id, reason, null, now))
        await this.audit.write(
          { userId: session.user_id, ip: null },
          {
            action: 'staff.session_ended',
            targetUserId: session.user_id,
            target: `staff_session:${session.id}`,
            reason,
          },
        );
      throw refuse('STAFF_SESSION_ENDED', 'Your staff session has ended');
    }
    if (user?.status !== 'active') throw lockedOut('ACCOUNT_SUSPENDED', SUSPENDED_MESSAGE);
    await touchStaffSession(this.db, session.id, now);
    return { userId: user.id, phone: user.phone, sessionId: session.id, roles: staffRolesOf(user.roles) };
  }

  /** 403 STAFF_ROLE_REQUIRED unless the staff member holds one of `roles` (any staff role if none given). */
  checkRoles(staff: StaffAuth, roles: readonly StaffRoleName[]): void {
    if (roles.length === 0 ? staff.roles.length > 0 : roles.some((r) => staff.roles.includes(r))) return;
    const who = roles.length ? roles.map((r) => ROLE_WHO[r]).join(' or ') : 'staff';
    throw refuse('STAFF_ROLE_REQUIRED', `Only ${who} may do this`);
  }

  async me(staff: StaffAuth): Promise<{ member: StaffMember; session: StaffSessionInfo }> {
    const user = await findStaffUser(this.db, staff.userId);
    const session = await findStaffSession(this.db, staff.sessionId);
    if (!user || !session) throw refuse('STAFF_SESSION_INVALID', 'Sign in to the staff site again');
    return {
      member: await memberOf(this.db, user, this.ctx.clock.now()),
      session: this.sessionInfo(session),
    };
  }

  async signOut(staff: StaffAuth, ip: string): Promise<void> {
    await this.endSession({ userId: staff.userId, ip }, staff.sessionId, 'sign_out');
  }

  /** The person's staff sessions; one left open from before they were signed out everywhere is ended first. */
  async sessionsOf(userId: string): Promise<StaffSessionInfo[]> {
    const user = await findStaffUser(this.db, userId);
    if (!user) throw refuse('NOT_FOUND', 'No such person');
    const now = this.ctx.clock.now();
    const sessions = await staffSessionsOf(this.db, userId, 100);
    for (const s of sessions)
      if (s.ended_at === null && Number(s.account_epoch) !== Number(user.session_epoch)) {
        const reason = user.signed_out_reason ?? 'signed_out';
        if (await endStaffSession(this.db, s.id, reason, null, now))
          Object.assign(s, { ended_at: now, ended_reason: reason });
      }
    return sessions.map((s) => this.sessionInfo(s));
  }

  /**
   * Ends every open staff session of `userId` in the caller's transaction (a force-logout,
   * modules/players), each audited: the number ended.
   */
  async endAllOf(trx: Kysely<DB>, userId: string, reason: string, by: string, now: number): Promise<number> {
    const ended = await endStaffSessionsOf(trx, userId, reason, by, now);
    for (const id of ended)
      await this.audit.write(
        { userId: by, ip: null },
        { action: 'staff.session_ended', targetUserId: userId, target: `staff_session:${id}`, reason },
        trx,
      );
    return ended.length;
  }

  /** An administrator ends someone's staff session (404 unknown, 409 SESSION_ENDED when over). */
  async endSession(actor: PersonActor, sessionId: string, reason: string): Promise<void> {
    const session = await findStaffSession(this.db, sessionId);
    if (!session) throw refuse('NOT_FOUND', 'No such staff session');
    const now = this.ctx.clock.now();
    await inTransaction(this.ctx.database, async (trx) => {
      if (!(await endStaffSession(trx, sessionId, reason, actor.userId, now)))
        throw refuse('SESSION_ENDED', 'This staff session has ended already');
      await this.audit.write(
        actor,
        {
          action: 'staff.session_ended',
          targetUserId: session.user_id,
          target: `staff_session:${sessionId}`,
          reason,
        },
        trx,
      );
    });
  }
}
