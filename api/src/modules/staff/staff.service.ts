/**
 * Staff accounts (docs/decisions/052-staff-accounts-two-factors.md): roles an administrator grants
 * and removes, the TOTP second factor with its recovery codes, staff sessions (shorter than a
 * player's, opened only with two factors) and the staff audit log, written for every change and
 * every sign-in, failed or not.
 */
import type {
  StaffAuditEntry,
  StaffMember,
  StaffRoleName,
  StaffSessionInfo,
  TotpEnrolResponse,
} from '@mchezo/contracts/staff';
import { STAFF_AUDIT_CSV_MAX_ROWS } from '@mchezo/contracts/staff';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/tx.js';
import { newId, randomToken, sha256 } from '../../lib/crypto.js';
import { csvCell } from '../../lib/csv.js';
import { AppError, conflict, forbidden, lockedOut, notFound, unauthorized } from '../../lib/errors.js';
import { eatIso, eatMidnight, iso } from '../../lib/time.js';
import { type AuthService, SUSPENDED_MESSAGE } from '../auth/auth.service.js';
import { configuredRoles, grantConfiguredRoles } from '../auth/roles.service.js';
import {
  type AuditFilter,
  confirmTotp,
  deleteTotp,
  endStaffSession,
  endStaffSessionsOf,
  findAudit,
  findStaffSession,
  findStaffSessionByToken,
  findStaffUser,
  findStaffUserByPhone,
  findTotp,
  findUsersWithRoles,
  insertAudit,
  insertRecoveryCodes,
  insertStaffSession,
  replaceTotp,
  type StaffUserRow,
  spendRecoveryCode,
  staffSessionsOf,
  swapRoles,
  takeStep,
  touchStaffSession,
  unusedRecoveryCodes,
} from './staff.repository.js';
import type { StaffAuditTable, StaffSecondFactor, StaffSessionsTable } from './staff.tables.js';
import {
  decryptSecret,
  encryptSecret,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  totpKey,
} from './totp.js';

const DAY_MS = 86_400_000;

/** The API's role names and the names `users.roles` stores (finance is the old payments_operator). */
const STORED_ROLE: Record<StaffRoleName, string> = {
  support: 'support',
  finance: 'payments_operator',
  compliance: 'compliance',
  release_manager: 'release_manager',
  admin: 'admin',
};
const API_ROLE = new Map(Object.entries(STORED_ROLE).map(([api, stored]) => [stored, api as StaffRoleName]));

/** The staff roles among a `users.roles` value, by their API names. */
export const staffRolesOf = (roles: string): StaffRoleName[] =>
  roles.split(',').flatMap((r) => {
    const api = API_ROLE.get(r);
    return api ? [api] : [];
  });

const ROLE_WHO: Record<StaffRoleName, string> = {
  support: 'support staff',
  finance: 'finance staff',
  compliance: 'compliance staff',
  release_manager: 'release managers',
  admin: 'administrators',
};

/** The staff member behind a request that passed `requireStaff`. */
export interface StaffAuth {
  userId: string;
  sessionId: string;
  roles: StaffRoleName[];
}

/** Who did it and from where, for the audit. */
interface Actor {
  userId: string | null;
  ip: string | null;
}

interface AuditInput {
  action: string;
  targetUserId?: string | null;
  target?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/**
 * What the staff module needs of auth's rate limiter (auth/rate-limit.ts, built once in
 * composition.ts): the per-address count of sign-ins and the lock after failures.
 */
export interface StaffLimiter {
  hit(action: 'staff_sign_in', ip: string, phone: string | null): Promise<void>;
  guardFailures<T>(key: string, attempt: () => Promise<T>, isFailure: (err: unknown) => boolean): Promise<T>;
}

/** The prefix of every staff token: tells it from a player's access token (a JWT) at a glance. */
export const STAFF_TOKEN_PREFIX = 'stf_';

export class StaffService {
  private readonly key: Buffer;

  constructor(
    private readonly ctx: AppContext,
    private readonly auth: AuthService,
    private readonly limiter: StaffLimiter,
  ) {
    // Production refuses to start without STAFF_TOTP_KEY (production.ts); elsewhere one is derived.
    this.key = totpKey(ctx.env.STAFF_TOTP_KEY ?? `derived-from-jwt:${ctx.env.JWT_SECRET}`);
  }

  private get db() {
    return this.ctx.database.db;
  }

  private async audit(actor: Actor, input: AuditInput, db = this.db): Promise<void> {
    const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
    await insertAudit(db, {
      id: newId(),
      at: this.ctx.clock.now(),
      actor_user_id: actor.userId,
      action: input.action,
      target_user_id: input.targetUserId ?? null,
      target: input.target ?? null,
      before: json(input.before),
      after: json(input.after),
      reason: input.reason ?? null,
      ip: actor.ip,
    });
  }

  private async member(user: StaffUserRow): Promise<StaffMember> {
    const totp = await findTotp(this.db, user.id);
    return {
      user_id: user.id,
      phone: user.phone,
      full_name: user.full_name,
      roles: staffRolesOf(user.roles),
      two_factor: !!totp?.confirmed_at,
      recovery_codes_left: totp?.confirmed_at ? await unusedRecoveryCodes(this.db, user.id) : 0,
    };
  }

  private sessionInfo(s: StaffSessionsTable): StaffSessionInfo {
    const { env } = this.ctx;
    return {
      id: s.id,
      user_id: s.user_id,
      second_factor: s.second_factor,
      created_at: iso(Number(s.created_at)),
      last_seen_at: iso(Number(s.last_seen_at)),
      idle_expires_at: iso(
        Math.min(Number(s.last_seen_at) + env.STAFF_SESSION_IDLE_SECONDS * 1000, Number(s.expires_at)),
      ),
      expires_at: iso(Number(s.expires_at)),
      ended_at: s.ended_at === null ? null : iso(Number(s.ended_at)),
      ended_reason: s.ended_reason,
    };
  }

  /** A staff member's user (roles granted from the environment first), or 403 without a staff role. */
  private async staffUser(userId: string): Promise<StaffUserRow> {
    const user = await findStaffUser(this.db, userId);
    if (!user) throw lockedOut('INVALID_TOKEN');
    user.roles = await grantConfiguredRoles(this.ctx, user);
    if (!staffRolesOf(user.roles).length) throw forbidden('Only staff may do this', 'STAFF_ROLE_REQUIRED');
    return user;
  }

  // ---- Enrolment -------------------------------------------------------------------------------

  /**
   * A new TOTP secret for a staff member signed in with their password (a player session): its
   * URI, QR code and 10 recovery codes, answered this once. Replaces an enrolment not yet
   * confirmed; a confirmed one stays (409 ALREADY_ENROLLED: an administrator resets it first).
   */
  async enrol(actor: Actor & { userId: string }): Promise<TotpEnrolResponse> {
    const user = await this.staffUser(actor.userId);
    const existing = await findTotp(this.db, user.id);
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
      await this.audit(actor, { action: 'staff.totp_enrol_started', targetUserId: user.id }, trx);
    });
    return { otpauth_uri: uri, secret: base32, qr_svg: svg, recovery_codes: codes };
  }

  /** Confirms the enrolment with a code from the app (wrong codes count like wrong passwords). */
  async confirmEnrolment(actor: Actor & { userId: string }, code: string): Promise<{ confirmed_at: string }> {
    const user = await this.staffUser(actor.userId);
    const totp = await findTotp(this.db, user.id);
    if (!totp) throw conflict('Start the enrolment first', 'NOT_ENROLLING');
    if (totp.confirmed_at) throw conflict('An authenticator is already enrolled', 'ALREADY_ENROLLED');
    await this.limiter.guardFailures(
      `staff_factor_failed:${user.id}`,
      () => this.takeCode(user.id, totp.secret_enc, code),
      isCodeFailure,
    );
    const now = this.ctx.clock.now();
    await inTransaction(this.ctx.database, async (trx) => {
      await confirmTotp(trx, user.id, now);
      await this.audit(actor, { action: 'staff.totp_enrolled', targetUserId: user.id }, trx);
    });
    return { confirmed_at: iso(now) };
  }

  /** Accepts a TOTP code once: its step must be later than every step accepted before. */
  private async takeCode(userId: string, secretEnc: string, code: string): Promise<void> {
    const step = matchingStep(decryptSecret(this.key, secretEnc), code, this.ctx.clock.now());
    if (step === null) throw unauthorized('Wrong authenticator code', 'CODE_INVALID');
    if (!(await takeStep(this.db, userId, step)))
      throw unauthorized('This code was used already: wait for the next one', 'CODE_USED');
  }

  // ---- Sign-in and sessions --------------------------------------------------------------------

  /**
   * Phone and password, then the second factor (a TOTP code or a recovery code): a staff session.
   * Every outcome is audited; wrong passwords count per phone and address (as the player login),
   * wrong codes per account.
   */
  async signIn(
    input: { phone: string; password: string; code?: string | undefined; recoveryCode?: string | undefined },
    ip: string,
  ): Promise<{ token: string; session: StaffSessionInfo; member: StaffMember }> {
    let userId: string | null = null;
    const fail = async (err: unknown): Promise<never> => {
      const code = err instanceof AppError ? String(err.extra.code ?? err.statusCode) : 'ERROR';
      await this.audit(
        { userId, ip },
        {
          action: 'staff.sign_in_failed',
          targetUserId: userId,
          target: userId ? null : `phone:${input.phone}`,
          after: { code },
        },
      );
      throw err;
    };
    try {
      const account = await this.limiter.guardFailures(
        `staff_login_failed:${input.phone}:${ip}`,
        () => this.auth.checkPassword(input.phone, input.password),
        (err) => err instanceof AppError && err.extra.code === 'INVALID_CREDENTIALS',
      );
      userId = account.id;
      if (account.status === 'suspended') throw lockedOut('ACCOUNT_SUSPENDED', SUSPENDED_MESSAGE);
      if (account.status !== 'active')
        throw forbidden('Verify your phone number first', 'NEEDS_VERIFICATION');
      const user = await this.staffUser(account.id);
      const totp = await findTotp(this.db, user.id);
      if (!totp?.confirmed_at)
        throw forbidden(
          'Enrol an authenticator app first (POST /staff/totp/enrol, signed in with your password)',
          'TWO_FACTOR_NOT_ENROLLED',
        );
      if (!input.code && !input.recoveryCode)
        throw unauthorized('Enter the code from your authenticator app', 'SECOND_FACTOR_REQUIRED');
      const factor: StaffSecondFactor = input.code ? 'totp' : 'recovery_code';
      await this.limiter.guardFailures(
        `staff_factor_failed:${user.id}`,
        async () => {
          if (input.code) return this.takeCode(user.id, totp.secret_enc, input.code);
          const hash = recoveryCodeHash(input.recoveryCode ?? '');
          if (!(await spendRecoveryCode(this.db, user.id, hash, this.ctx.clock.now())))
            throw unauthorized('Unknown or used recovery code', 'CODE_INVALID');
        },
        isCodeFailure,
      );
      return await this.openSession(user, factor, ip);
    } catch (err) {
      return fail(err);
    }
  }

  private async openSession(user: StaffUserRow, factor: StaffSecondFactor, ip: string) {
    const { env, clock } = this.ctx;
    const now = clock.now();
    const token = `${STAFF_TOKEN_PREFIX}${randomToken()}`;
    const row: StaffSessionsTable = {
      id: newId(),
      token_hash: sha256(token),
      user_id: user.id,
      second_factor: factor,
      created_at: now,
      last_seen_at: now,
      expires_at: now + env.STAFF_SESSION_MAX_SECONDS * 1000,
      ended_at: null,
      ended_reason: null,
      ended_by: null,
    };
    await inTransaction(this.ctx.database, async (trx) => {
      await insertStaffSession(trx, row);
      await this.audit(
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
    return { token, session: this.sessionInfo(row), member: await this.member(user) };
  }

  /**
   * The staff session of a staff token, if it still stands: 401 when unknown, ended, idle too
   * long or past its absolute end (the last two end it), or its person suspended. Each request
   * moves its idle end.
   */
  async authenticate(token: string): Promise<StaffAuth> {
    const { env, clock } = this.ctx;
    const session = await findStaffSessionByToken(this.db, sha256(token));
    if (!session) throw unauthorized('Sign in to the staff site again', 'STAFF_SESSION_INVALID');
    if (session.ended_at !== null) throw unauthorized('Your staff session has ended', 'STAFF_SESSION_ENDED');
    const now = clock.now();
    const idleEnd = Number(session.last_seen_at) + env.STAFF_SESSION_IDLE_SECONDS * 1000;
    const expired = idleEnd <= now ? 'idle' : Number(session.expires_at) <= now ? 'expired' : null;
    if (expired) {
      if (await endStaffSession(this.db, session.id, expired, null, now))
        await this.audit(
          { userId: session.user_id, ip: null },
          {
            action: 'staff.session_ended',
            targetUserId: session.user_id,
            target: `staff_session:${session.id}`,
            reason: expired,
          },
        );
      throw unauthorized('Your staff session has expired: sign in again', 'STAFF_SESSION_EXPIRED');
    }
    const user = await findStaffUser(this.db, session.user_id);
    if (user?.status !== 'active') throw lockedOut('ACCOUNT_SUSPENDED', SUSPENDED_MESSAGE);
    await touchStaffSession(this.db, session.id, now);
    return { userId: user.id, sessionId: session.id, roles: staffRolesOf(user.roles) };
  }

  /** 403 STAFF_ROLE_REQUIRED unless the staff member holds one of `roles` (any staff role if none given). */
  checkRoles(staff: StaffAuth, roles: readonly StaffRoleName[]): void {
    if (roles.length === 0 ? staff.roles.length > 0 : roles.some((r) => staff.roles.includes(r))) return;
    const who = roles.length ? roles.map((r) => ROLE_WHO[r]).join(' or ') : 'staff';
    throw forbidden(`Only ${who} may do this`, 'STAFF_ROLE_REQUIRED');
  }

  async me(staff: StaffAuth): Promise<{ member: StaffMember; session: StaffSessionInfo }> {
    const user = await findStaffUser(this.db, staff.userId);
    const session = await findStaffSession(this.db, staff.sessionId);
    if (!user || !session) throw unauthorized('Sign in to the staff site again', 'STAFF_SESSION_INVALID');
    return { member: await this.member(user), session: this.sessionInfo(session) };
  }

  async signOut(staff: StaffAuth, ip: string): Promise<void> {
    await this.endSession({ userId: staff.userId, ip }, staff.sessionId, 'sign_out');
  }

  async sessionsOf(userId: string): Promise<StaffSessionInfo[]> {
    if (!(await findStaffUser(this.db, userId))) throw notFound('No such person');
    return (await staffSessionsOf(this.db, userId, 100)).map((s) => this.sessionInfo(s));
  }

  /** An administrator ends someone's staff session (404 unknown, 409 SESSION_ENDED when over). */
  async endSession(actor: Actor & { userId: string }, sessionId: string, reason: string): Promise<void> {
    const session = await findStaffSession(this.db, sessionId);
    if (!session) throw notFound('No such staff session');
    const now = this.ctx.clock.now();
    await inTransaction(this.ctx.database, async (trx) => {
      if (!(await endStaffSession(trx, sessionId, reason, actor.userId, now)))
        throw conflict('This staff session has ended already', 'SESSION_ENDED');
      await this.audit(
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

  // ---- People and roles ------------------------------------------------------------------------

  /** Everyone holding a staff role, or the one account with `phone` (staff or not). */
  async people(phone?: string): Promise<StaffMember[]> {
    if (phone) {
      const user = await findStaffUserByPhone(this.db, phone);
      return user ? [await this.member(user)] : [];
    }
    const users = (await findUsersWithRoles(this.db)).filter((u) => staffRolesOf(u.roles).length > 0);
    return Promise.all(users.map((u) => this.member(u)));
  }

  /** Grants a staff role (409 ROLE_HELD when held already). */
  async grantRole(actor: Actor & { userId: string }, userId: string, role: StaffRoleName, reason: string) {
    return this.changeRoles(actor, userId, role, reason, 'grant');
  }

  /**
   * Removes a staff role: 409 ROLE_NOT_HELD when not held, ROLE_CONFIGURED when the environment's
   * phone list grants it (it would come back at the next sign-in: take the phone off the list),
   * LAST_ADMIN for the last administrator's own admin role. Someone left without a staff role
   * loses their staff sessions.
   */
  async removeRole(actor: Actor & { userId: string }, userId: string, role: StaffRoleName, reason: string) {
    return this.changeRoles(actor, userId, role, reason, 'remove');
  }

  private async changeRoles(
    actor: Actor & { userId: string },
    userId: string,
    role: StaffRoleName,
    reason: string,
    change: 'grant' | 'remove',
  ): Promise<StaffMember> {
    const stored = STORED_ROLE[role];
    const now = this.ctx.clock.now();
    const user = await inTransaction(this.ctx.database, async (trx) => {
      const user = await findStaffUser(trx, userId);
      if (!user) throw notFound('No such person');
      const roles = user.roles.split(',').filter(Boolean);
      if (change === 'grant' && roles.includes(stored))
        throw conflict('This role is held already', 'ROLE_HELD');
      if (change === 'remove') {
        if (!roles.includes(stored)) throw conflict('This role is not held', 'ROLE_NOT_HELD');
        if (configuredRoles(this.ctx, user.phone).includes(stored))
          throw conflict(
            'The environment grants this role to this phone: take the phone off its list first',
            'ROLE_CONFIGURED',
          );
        if (role === 'admin' && userId === actor.userId) {
          const admins = (await findUsersWithRoles(trx)).filter((u) =>
            staffRolesOf(u.roles).includes('admin'),
          );
          if (admins.length <= 1) throw conflict('You are the last administrator', 'LAST_ADMIN');
        }
      }
      const next = change === 'grant' ? [...roles, stored] : roles.filter((r) => r !== stored);
      const nextRoles = next.join(',');
      if (!(await swapRoles(trx, userId, user.roles, nextRoles, now)))
        throw conflict('The roles changed meanwhile: try again', 'CONFLICT');
      await this.audit(
        actor,
        {
          action: change === 'grant' ? 'staff.role_granted' : 'staff.role_removed',
          targetUserId: userId,
          before: { roles: staffRolesOf(user.roles) },
          after: { roles: staffRolesOf(nextRoles) },
          reason,
        },
        trx,
      );
      if (!staffRolesOf(nextRoles).length)
        for (const id of await endStaffSessionsOf(trx, userId, 'no_staff_role', actor.userId, now))
          await this.audit(
            actor,
            { action: 'staff.session_ended', targetUserId: userId, target: `staff_session:${id}`, reason },
            trx,
          );
      return { ...user, roles: nextRoles };
    });
    return this.member(user);
  }

  /** An administrator removes someone's authenticator (a lost phone): they enrol again; their sessions end. */
  async resetTwoFactor(actor: Actor & { userId: string }, userId: string, reason: string): Promise<void> {
    const now = this.ctx.clock.now();
    await inTransaction(this.ctx.database, async (trx) => {
      if (!(await findStaffUser(trx, userId))) throw notFound('No such person');
      if (!(await findTotp(trx, userId))) throw conflict('No authenticator is enrolled', 'NOT_ENROLLED');
      await deleteTotp(trx, userId);
      await this.audit(actor, { action: 'staff.totp_reset', targetUserId: userId, reason }, trx);
      for (const id of await endStaffSessionsOf(trx, userId, 'totp_reset', actor.userId, now))
        await this.audit(
          actor,
          { action: 'staff.session_ended', targetUserId: userId, target: `staff_session:${id}`, reason },
          trx,
        );
    });
  }

  // ---- Audit -----------------------------------------------------------------------------------

  private filterOf(q: {
    actor?: string | undefined;
    player?: string | undefined;
    action?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  }): AuditFilter {
    return {
      actor: q.actor,
      player: q.player,
      action: q.action,
      fromMs: q.from ? eatMidnight(q.from) : undefined,
      toMs: q.to ? eatMidnight(q.to) + DAY_MS : undefined,
    };
  }

  async auditPage(
    q: Parameters<StaffService['filterOf']>[0] & { limit: number; before?: string | undefined },
  ): Promise<{ entries: StaffAuditEntry[]; next_before: string | null }> {
    const rows = await findAudit(this.db, { ...this.filterOf(q), before: q.before }, q.limit + 1);
    const page = rows.slice(0, q.limit);
    return {
      entries: page.map(auditEntry),
      next_before: rows.length > q.limit ? (page.at(-1)?.id ?? null) : null,
    };
  }

  /** The same entries as CSV; a cell a spreadsheet would run as a formula is written as text. */
  async auditCsv(q: Parameters<StaffService['filterOf']>[0]): Promise<string> {
    const rows = await findAudit(this.db, this.filterOf(q), STAFF_AUDIT_CSV_MAX_ROWS);
    return [
      'id,at,actor_user_id,action,target_user_id,target,before,after,reason,ip',
      ...rows.map((r) =>
        [
          r.id,
          eatIso(Number(r.at)),
          r.actor_user_id ?? '',
          r.action,
          r.target_user_id ?? '',
          r.target ?? '',
          r.before ?? '',
          r.after ?? '',
          r.reason ?? '',
          r.ip ?? '',
        ]
          .map(csvCell)
          .join(','),
      ),
      '',
    ].join('\n');
  }
}

const parse = (v: string | null) => (v === null ? null : (JSON.parse(v) as unknown));

function auditEntry(r: StaffAuditTable): StaffAuditEntry {
  return {
    id: r.id,
    at: iso(Number(r.at)),
    actor_user_id: r.actor_user_id,
    action: r.action,
    target_user_id: r.target_user_id,
    target: r.target,
    before: parse(r.before),
    after: parse(r.after),
    reason: r.reason,
    ip: r.ip,
  };
}

/** Wrong and replayed codes count towards the account's lock. */
const isCodeFailure = (err: unknown) =>
  err instanceof AppError && (err.extra.code === 'CODE_INVALID' || err.extra.code === 'CODE_USED');
