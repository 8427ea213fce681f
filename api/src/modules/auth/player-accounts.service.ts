/**
 * What staff read and do of players' accounts (for modules/players): search by phone
 * or name, the account, its sign-in sessions, and ending every session at once (a force-logout).
 * The player's own routes stay in auth.service.ts.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import {
  countOpenSessions,
  findUserById,
  lastSessionStart,
  type NewestFirstCursor,
  namesOfUsers,
  revokeUserSessions,
  searchUsers,
  sessionsOfUser,
  type UserRow,
  type UserSearch,
} from './auth.repository.js';
import { configuredRoles, type RoleGrants } from './roles.service.js';

export type { NewestFirstCursor, UserSearch };

export interface PlayerAccount {
  id: string;
  phone: string;
  fullName: string | null;
  status: UserRow['status'];
  createdAt: number;
  lastSignInAt: number | null;
  openSessions: number;
  /** `users.roles` with the roles the environment's phone lists grant (roles.service.ts). */
  storedRoles: string;
}

export interface PlayerSessionRow {
  id: string;
  createdAt: number;
  expiresAt: number;
  lastRefreshedAt: number | null;
  revokedAt: number | null;
  revokedReason: string | null;
}

/** The sessions a staff page lists: a player rarely has more. */
const SESSIONS_LISTED = 50;

export class PlayerAccountsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly grants: RoleGrants,
  ) {}

  private get db() {
    return this.ctx.database.db;
  }

  /** Matching players, newest first; `limit` rows at most. */
  async search(s: UserSearch) {
    return (await searchUsers(this.db, s)).map((r) => ({
      id: r.id,
      phone: r.phone,
      fullName: r.full_name,
      status: r.status,
      createdAt: Number(r.created_at),
    }));
  }

  async account(userId: string): Promise<PlayerAccount | undefined> {
    const user = await findUserById(this.db, userId);
    if (!user) return undefined;
    const [lastSignInAt, openSessions] = await Promise.all([
      lastSessionStart(this.db, userId),
      countOpenSessions(this.db, userId, this.ctx.clock.now()),
    ]);
    return {
      id: user.id,
      phone: user.phone,
      fullName: user.full_name,
      status: user.status,
      createdAt: Number(user.created_at),
      lastSignInAt,
      openSessions,
      storedRoles: [user.roles, ...configuredRoles(this.grants, user.phone)].join(','),
    };
  }

  async sessions(userId: string): Promise<PlayerSessionRow[]> {
    return (await sessionsOfUser(this.db, userId, SESSIONS_LISTED)).map((s) => ({
      id: s.id,
      createdAt: Number(s.created_at),
      expiresAt: Number(s.expires_at),
      lastRefreshedAt: s.last_refreshed_at === null ? null : Number(s.last_refreshed_at),
      revokedAt: s.revoked_at === null ? null : Number(s.revoked_at),
      revokedReason: s.revoked_reason,
    }));
  }

  /**
   * Ends every open session of the player now, in the caller's transaction: their refresh tokens
   * are refused (the session is revoked) and so are their access tokens, whose session every
   * request reads (AuthService.authenticate), at no added cost per request. The number ended.
   */
  async endAllSessions(trx: Kysely<DB>, userId: string, reason: string, now: number): Promise<number> {
    const open = await countOpenSessions(trx, userId, now);
    await revokeUserSessions(trx, userId, reason, now);
    return open;
  }

  /** Display names by id: the full name, else the phone. */
  async displayNames(ids: string[]): Promise<Map<string, string>> {
    const rows = await namesOfUsers(this.db, [...new Set(ids)]);
    return new Map(rows.map((r) => [r.id, r.full_name ?? r.phone]));
  }
}
