/**
 * The support desk's view of players (api/README.md "Players (staff)",
 * docs/decisions/053-staff-player-search-and-force-logout.md): search, the player 360, their
 * transactions, game rounds and sign-in sessions, a force-logout, notes, and revealing a masked
 * identity field. It owns only the notes; everything else is read through the owning modules'
 * services (auth, identity, safer-gambling, wallet). Every change and every reveal is written to
 * the staff audit in the same transaction.
 */

import type { StaffRoleName } from '@mchezo/contracts/staff';
import {
  PLAYERS_PAGE_SIZE,
  type Player360,
  type PlayerNote,
  type PlayerRound,
  type PlayerSearchQuery,
  type PlayerSearchResponse,
  type PlayerSession,
  type PlayerTransaction,
  type PlayerTransactionsQuery,
  type RevealField,
} from '@mchezo/contracts/staff-players';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { inTransaction } from '../../db/tx.js';
import { newId } from '../../lib/crypto.js';
import { forbidden, notFound, refuse } from '../../lib/errors.js';
import { decodePageCursor, encodePageCursor } from '../../lib/page-cursor.js';
import { iso } from '../../lib/time.js';
import type { PlayerAccountsService } from '../auth/player-accounts.service.js';
import type { IdentityService } from '../identity/identity.service.js';
import type { PlayerLimitsService } from '../safer-gambling/player-limits.service.js';
import { ROLE_WHO, staffRolesOf } from '../staff/staff.types.js';
import type { PlayerMoneyService } from '../wallet/player-money.service.js';
import { toPlayer360 } from './player-360.js';
import { searchPlayers } from './player-search.js';
import { insertNote, listNotes } from './players.repository.js';

/** One staff action for the staff audit, written in the caller's transaction. */
export interface PlayerAuditEntry {
  actorUserId: string;
  ip: string | null;
  action: 'players.logged_out' | 'players.note_added' | 'players.revealed';
  targetUserId: string;
  target?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** The staff audit (modules/staff), as the staff module decorates it (app.staff.audit). */
export type RecordAudit = (trx: Kysely<DB>, entry: PlayerAuditEntry) => Promise<void>;

/** Who is acting: the staff member of the request, their staff roles and their address. */
export interface StaffActor {
  userId: string;
  ip: string | null;
  roles: readonly StaffRoleName[];
}

/** Who reads players: the support desk, and compliance (identity reviews, AML cases). */
export const READERS: StaffRoleName[] = ['support', 'compliance'];
/** Who ends a player's sessions: the support desk. */
export const LOGOUT: StaffRoleName[] = ['support'];

const NOTES_LISTED = 200;
const PAGE = PLAYERS_PAGE_SIZE;

export class PlayersService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: {
      accounts: PlayerAccountsService;
      identity: IdentityService;
      limits: PlayerLimitsService;
      money: PlayerMoneyService;
      audit: RecordAudit;
      /** Ends every open staff session of the person (modules/staff), in the caller's transaction; the number ended. */
      endStaffSessions: (
        trx: Kysely<DB>,
        userId: string,
        reason: string,
        by: string,
        now: number,
      ) => Promise<number>;
    },
  ) {}

  /** Players by part of a phone, a name or a Paybill account number (player-search.ts). */
  search(query: PlayerSearchQuery): Promise<PlayerSearchResponse> {
    return searchPlayers(this.deps, query);
  }

  /**
   * The account `actor` may act on with `roles`, else 404 / 403. Anyone holding a staff role is
   * an administrator's to look at or act on (403 ADMIN_REQUIRED_FOR_STAFF for anyone else, the
   * support desk included): one check every per-player page goes through, so no page shows a
   * colleague's (or an administrator's) account to the desk. Everyone else is `roles`' only.
   */
  private async account(actor: StaffActor, userId: string, roles: readonly StaffRoleName[] = READERS) {
    const account = await this.deps.accounts.account(userId);
    if (!account) throw notFound('No such player');
    if (staffRolesOf(account.storedRoles).length > 0) {
      if (!actor.roles.includes('admin'))
        throw refuse('ADMIN_REQUIRED_FOR_STAFF', "Only administrators may open a staff member's account");
    } else if (!roles.some((r) => actor.roles.includes(r)))
      throw forbidden(
        `Only ${roles.map((r) => ROLE_WHO[r]).join(' or ')} may do this`,
        'STAFF_ROLE_REQUIRED',
      );
    return account;
  }

  async summary(actor: StaffActor, userId: string): Promise<Player360> {
    const account = await this.account(actor, userId);
    const { identity, limits, money } = this.deps;
    const [id, lim, balances, paybill] = await Promise.all([
      identity.staffView(userId),
      limits.of(userId),
      money.balances(userId),
      money.paybillAccountOf(userId),
    ]);
    return toPlayer360(account, id, lim, balances, paybill);
  }

  async transactions(actor: StaffActor, userId: string, q: PlayerTransactionsQuery) {
    await this.account(actor, userId);
    const after = decodePageCursor(q.cursor);
    const rows = await this.deps.money.transactions(userId, {
      type: q.kind,
      status: q.status,
      from: q.from ? Date.parse(q.from) : undefined,
      to: q.to ? Date.parse(q.to) : undefined,
      after: after && { createdAt: after.at, id: after.id },
      limit: PAGE + 1,
    });
    const page = rows.slice(0, PAGE);
    const last = page.at(-1);
    const transactions: PlayerTransaction[] = page.map((r) => ({
      id: r.id,
      kind: r.type,
      status: r.status,
      amount: Number(r.amount),
      tax_amount: Number(r.tax_amount),
      currency: r.currency,
      payment_method: r.payment_method,
      phone_number: r.phone_number,
      provider_ref: r.provider_ref,
      failure_reason: r.failure_reason,
      created_at: iso(Number(r.created_at)),
      settled_at: r.settled_at === null ? null : iso(Number(r.settled_at)),
    }));
    const next = rows.length > PAGE && last ? encodePageCursor(Number(last.created_at), last.id) : null;
    return { transactions, next_cursor: next };
  }

  async rounds(actor: StaffActor, userId: string, cursor: string | undefined) {
    await this.account(actor, userId);
    const before = decodePageCursor(cursor);
    const rows = await this.deps.money.rounds(
      userId,
      before && { at: before.at, roundId: before.id },
      PAGE + 1,
    );
    const page = rows.slice(0, PAGE);
    const last = page.at(-1);
    const rounds: PlayerRound[] = page.map((r) => ({
      round_id: r.roundId,
      game_id: r.gameId,
      started_at: iso(r.startedAt),
      last_at: iso(r.lastAt),
      stakes: r.stakes,
      wins: r.wins,
      rolled_back: r.rolledBack,
    }));
    return {
      rounds,
      next_cursor: rows.length > PAGE && last ? encodePageCursor(last.lastAt, last.roundId) : null,
    };
  }

  async sessions(actor: StaffActor, userId: string): Promise<{ sessions: PlayerSession[] }> {
    await this.account(actor, userId);
    const now = this.ctx.clock.now();
    const rows = await this.deps.accounts.sessions(userId);
    return {
      sessions: rows.map((s) => {
        const endedAt = s.revokedAt ?? (s.expiresAt <= now ? s.expiresAt : null);
        return {
          id: s.id,
          created_at: iso(s.createdAt),
          expires_at: iso(s.expiresAt),
          last_refreshed_at: s.lastRefreshedAt === null ? null : iso(s.lastRefreshedAt),
          ended_at: endedAt === null ? null : iso(endedAt),
          ended_reason: s.revokedReason ?? (endedAt === null ? null : 'expired'),
          open: endedAt === null,
        };
      }),
    };
  }

  /**
   * Ends every session of the person now, their staff sessions too; 409 NO_OPEN_SESSION when none
   * is open. Audited.
   */
  async forceLogout(actor: StaffActor, userId: string, reason: string) {
    await this.account(actor, userId, LOGOUT);
    const now = this.ctx.clock.now();
    const ended = await inTransaction(this.ctx.database, async (trx) => {
      const n =
        (await this.deps.accounts.endAllSessions(trx, userId, 'staff_logout', now)) +
        (await this.deps.endStaffSessions(trx, userId, 'staff_logout', actor.userId, now));
      if (n === 0) throw refuse('NO_OPEN_SESSION', 'The player has no open session');
      await this.deps.audit(trx, {
        actorUserId: actor.userId,
        ip: actor.ip,
        action: 'players.logged_out',
        targetUserId: userId,
        before: { open_sessions: n },
        after: { open_sessions: 0 },
        reason,
      });
      return n;
    });
    return { ended_sessions: ended };
  }

  async notes(actor: StaffActor, userId: string): Promise<{ notes: PlayerNote[] }> {
    await this.account(actor, userId);
    const rows = await listNotes(this.ctx.database.db, userId, NOTES_LISTED);
    const names = await this.deps.accounts.displayNames(rows.map((r) => r.author_user_id));
    return {
      notes: rows.map((r) => ({
        id: r.id,
        author_user_id: r.author_user_id,
        author: names.get(r.author_user_id) ?? r.author_user_id,
        text: r.text,
        created_at: iso(Number(r.created_at)),
      })),
    };
  }

  /** Adds a note (audited with its id; the text stays in the note). */
  async addNote(actor: StaffActor, userId: string, text: string): Promise<PlayerNote> {
    await this.account(actor, userId);
    const row = {
      id: newId(),
      user_id: userId,
      author_user_id: actor.userId,
      text,
      created_at: this.ctx.clock.now(),
    };
    await inTransaction(this.ctx.database, async (trx) => {
      await insertNote(trx, row);
      await this.deps.audit(trx, {
        actorUserId: actor.userId,
        ip: actor.ip,
        action: 'players.note_added',
        targetUserId: userId,
        target: `player_note:${row.id}`,
        after: { note_id: row.id },
      });
    });
    const names = await this.deps.accounts.displayNames([actor.userId]);
    return {
      id: row.id,
      author_user_id: actor.userId,
      author: names.get(actor.userId) ?? actor.userId,
      text,
      created_at: iso(row.created_at),
    };
  }

  /**
   * The full ID number or date of birth (404 NO_IDENTITY when none was given). The reveal is
   * audited with its field and reason (never the value) before the value is answered.
   */
  async reveal(actor: StaffActor, userId: string, field: RevealField, reason: string) {
    await this.account(actor, userId);
    const value = await this.deps.identity.unmasked(userId, field);
    if (value === undefined) throw notFound('The player has given no identity details');
    await inTransaction(this.ctx.database, (trx) =>
      this.deps.audit(trx, {
        actorUserId: actor.userId,
        ip: actor.ip,
        action: 'players.revealed',
        targetUserId: userId,
        target: `identity:${field}`,
        after: { field },
        reason,
      }),
    );
    return { field, value };
  }
}
