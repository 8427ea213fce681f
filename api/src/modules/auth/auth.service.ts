import type { LoginResponse, RefreshResponse, User } from '@mchezo/contracts/auth';
import { normalizePhone } from '@mchezo/contracts/auth';
import { type Algorithm, hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import type { AppContext } from '../../context.js';
import { inTransaction, isUniqueViolation } from '../../db/tx.js';
import { newId, randomToken, sha256 } from '../../lib/crypto.js';
import { lockedOut, refuse } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import { openWallet } from '../wallet/wallet.service.js';
import type { AuthConfig } from './auth.config.js';
import {
  deleteVerificationTickets,
  findUserById,
  findUserByPhone,
  findVerificationTicket,
  insertUser,
  replaceVerificationTicket,
  revokeUserSessions,
  setPasswordHash,
  setUserStatus,
  spendVerificationTicket,
  type UserRow,
} from './auth.repository.js';
import { OtpService } from './otp.service.js';
import { type AuthenticatedUser, type IssuedRefreshToken, PlayerSessions } from './player-sessions.js';
import { SUSPENDED_MESSAGE } from './refresh.js';

export type { AuthenticatedUser };
/** What a suspended account is told (also by the staff sign-in, modules/staff). */
export { SUSPENDED_MESSAGE };

import { grantConfiguredRoles } from './roles.service.js';

/**
 * A refused verification ticket (docs/decisions/062-verification-tickets.md): spent, expired,
 * unknown or another account's all answer alike.
 */
const ticketExpired = () =>
  refuse('VERIFICATION_EXPIRED', 'This verification has expired. Sign in to get a new code.');

/** What a verification answers: the user, and a session when a ticket came with the code. */
export interface VerificationResult {
  user: User;
  access_token: string | null;
  expires_in: number | null;
  refresh: IssuedRefreshToken | null;
}

/** Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2 as Algorithm;

function toUserDto(row: UserRow): User {
  const roles = row.roles.split(',').filter(Boolean);
  return {
    id: row.id,
    phone: row.phone,
    username: row.username,
    email: row.email,
    full_name: row.full_name,
    roles,
    role: roles[0] ?? 'user',
    status: row.status,
    created_at: iso(row.created_at),
  };
}

export function parsePhone(raw: string): string {
  const phone = normalizePhone(raw);
  if (!phone)
    throw refuse(
      'INVALID_PHONE',
      'Enter a valid phone number (Kenya +254, Uganda +256, Tanzania +255 or Rwanda +250)',
    );
  return phone;
}

export class AuthService {
  readonly otp: OtpService;
  private dummyHash: Promise<string> | null = null;
  private readonly sessions: PlayerSessions;

  constructor(
    private readonly ctx: AppContext,
    readonly config: AuthConfig,
  ) {
    this.otp = new OtpService(ctx, config);
    this.sessions = new PlayerSessions(ctx, config);
  }

  private hashPassword(password: string): Promise<string> {
    return argonHash(password, {
      algorithm: ARGON2ID,
      memoryCost: this.config.ARGON2_MEMORY_KIB,
      timeCost: this.config.ARGON2_TIME_COST,
      parallelism: 1,
    });
  }

  async register(
    phone: string,
    password: string,
    fullName: string | null,
  ): Promise<{ user: User; verificationTicket: string }> {
    const { clock, database } = this.ctx;
    if (await findUserByPhone(database.db, phone))
      throw refuse('PHONE_TAKEN', 'This phone number is already registered');
    const passwordHash = await this.hashPassword(password);
    const now = clock.now();
    const row: UserRow = {
      id: newId(),
      phone,
      username: phone,
      email: null,
      full_name: fullName?.trim() ? fullName.trim() : null,
      password_hash: passwordHash,
      roles: 'user',
      status: 'pending_verification',
      player_ref: `p_${randomToken(12)}`,
      session_epoch: 0,
      signed_out_reason: null,
      created_at: now,
      updated_at: now,
    };
    const ticket = randomToken();
    try {
      await inTransaction(database, async (trx) => {
        await insertUser(trx, row);
        await openWallet(trx, row.id, now);
        await replaceVerificationTicket(trx, this.ticketRow(ticket, row.id, now));
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw refuse('PHONE_TAKEN', 'This phone number is already registered');
      throw err;
    }
    return { user: toUserDto(row), verificationTicket: ticket };
  }

  /** Only the ticket's hash is stored (docs/decisions/062-verification-tickets.md). */
  private ticketRow(ticket: string, userId: string, now: number) {
    const ttl = this.config.VERIFICATION_TICKET_TTL_SECONDS * 1000;
    return { ticket_hash: sha256(ticket), user_id: userId, created_at: now, expires_at: now + ttl };
  }

  /**
   * The account whose password this is; 401 INVALID_CREDENTIALS otherwise, in the same time for
   * an unknown phone (a throwaway hash is checked), so the answer tells nobody who has an account.
   * Also the staff sign-in's first factor (modules/staff).
   */
  async checkPassword(phone: string, password: string): Promise<UserRow> {
    const user = await findUserByPhone(this.ctx.database.db, phone);
    this.dummyHash ??= this.hashPassword(randomToken());
    const ok = await argonVerify(user?.password_hash ?? (await this.dummyHash), password).catch(() => false);
    if (!user || !ok) throw refuse('INVALID_CREDENTIALS', 'Invalid phone number or password');
    return user;
  }

  async login(
    phone: string,
    password: string,
  ): Promise<{ body: LoginResponse; refresh: IssuedRefreshToken | null }> {
    const user = await this.checkPassword(phone, password);
    // RELEASE_MANAGER_PHONES: the role is granted at the first login after it is configured.
    user.roles = await grantConfiguredRoles(this.ctx, this.config, user);
    if (user.status === 'suspended') throw lockedOut('ACCOUNT_SUSPENDED', SUSPENDED_MESSAGE);
    if (user.status === 'pending_verification') {
      // The password proved; the browser keeps this ticket for the code, never the password.
      const ticket = randomToken();
      await replaceVerificationTicket(
        this.ctx.database.db,
        this.ticketRow(ticket, user.id, this.ctx.clock.now()),
      );
      const body = {
        user: toUserDto(user),
        access_token: null,
        expires_in: null,
        needs_verification: true,
        verification_ticket: ticket,
      };
      return { body, refresh: null };
    }
    const { refresh, ...tokens } = await this.sessions.start(user.id);
    return {
      body: { user: toUserDto(user), ...tokens, needs_verification: false, verification_ticket: null },
      refresh,
    };
  }

  /**
   * Rotates a refresh token (refresh.ts): a spent one revokes the whole session (theft signal),
   * unless presented again within REFRESH_GRACE_MS, which answers the same pair again.
   */
  async refresh(refreshToken: string): Promise<{ body: RefreshResponse; refresh: IssuedRefreshToken }> {
    const { user, accessToken, refresh } = await this.sessions.rotate(refreshToken);
    const body = {
      access_token: accessToken,
      expires_in: this.config.ACCESS_TOKEN_TTL_SECONDS,
      user: toUserDto(user),
    };
    return { body, refresh };
  }

  logout(sessionId: string): Promise<void> {
    return this.sessions.end(sessionId);
  }

  /** Verifies the bearer token and that its session and user still stand. */
  authenticate(authorization: string | undefined): Promise<AuthenticatedUser> {
    return this.sessions.authenticate(authorization);
  }

  async me(userId: string): Promise<User> {
    const row = await findUserById(this.ctx.database.db, userId);
    if (!row) throw lockedOut('INVALID_TOKEN');
    return toUserDto(row);
  }

  async requestVerification(phone: string): Promise<void> {
    const user = await findUserByPhone(this.ctx.database.db, phone);
    await this.otp.issue(phone, 'verify', user?.status === 'pending_verification');
  }

  /**
   * Every phone goes through the code check first: only an account pending verification is ever
   * sent a live code (`requestVerification`), so an unknown, verified or suspended phone gets the
   * answer a wrong or missing code gets, and the answer tells nobody whether the phone has an
   * account (docs/product-rules.md#one-time-codes). A ticket (docs/decisions/062) is checked
   * before the code, so a refused one spends nothing; it is spent in the transaction that starts
   * the session, so of two uses only one signs in.
   */
  async confirmVerification(phone: string, code: string, ticket?: string): Promise<VerificationResult> {
    const { database, clock } = this.ctx;
    const user = await findUserByPhone(database.db, phone);
    const ticketHash = ticket === undefined ? null : sha256(ticket);
    if (ticketHash !== null) {
      const held = await findVerificationTicket(database.db, ticketHash);
      const usable =
        held !== undefined &&
        user !== undefined &&
        held.user_id === user.id &&
        held.used_at === null &&
        held.expires_at > clock.now();
      if (!usable) throw ticketExpired();
    }
    await this.otp.check(phone, 'verify', code);
    if (!user) throw refuse('CODE_INVALID', 'Invalid verification code');
    if (user.status === 'suspended') throw lockedOut('ACCOUNT_SUSPENDED', SUSPENDED_MESSAGE);
    const verified = toUserDto({ ...user, status: 'active' });
    if (ticketHash === null) {
      // Verified meanwhile (a password reset proves the phone too): nothing more to do.
      if (user.status !== 'active') await setUserStatus(database.db, user.id, 'active', clock.now());
      return { user: verified, access_token: null, expires_in: null, refresh: null };
    }
    const { refresh, ...tokens } = await this.sessions.start(user.id, async (trx, now) => {
      if (!(await spendVerificationTicket(trx, ticketHash, user.id, now))) throw ticketExpired();
      if (user.status !== 'active') await setUserStatus(trx, user.id, 'active', now);
    });
    return { user: verified, ...tokens, refresh };
  }

  async requestPasswordReset(phone: string): Promise<void> {
    const user = await findUserByPhone(this.ctx.database.db, phone);
    await this.otp.issue(phone, 'reset', !!user && user.status !== 'suspended');
  }

  async confirmPasswordReset(phone: string, code: string, newPassword: string): Promise<void> {
    const { database, clock } = this.ctx;
    const user = await findUserByPhone(database.db, phone);
    // As for verification: the code check first, so an unknown or suspended phone (never sent a
    // live code) answers like a wrong or missing code.
    await this.otp.check(phone, 'reset', code);
    if (!user || user.status === 'suspended') throw refuse('CODE_INVALID', 'Invalid verification code');
    const passwordHash = await this.hashPassword(newPassword);
    const now = clock.now();
    await inTransaction(database, async (trx) => {
      await setPasswordHash(trx, user.id, passwordHash, now);
      // Receiving the code proves the phone, so a pending account becomes active too.
      if (user.status === 'pending_verification') await setUserStatus(trx, user.id, 'active', now);
      await revokeUserSessions(trx, user.id, 'password_reset', now);
      // A ticket stood for the old password: it goes with it.
      await deleteVerificationTickets(trx, user.id);
    });
  }
}
