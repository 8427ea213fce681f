/**
 * The staff audit log (docs/decisions/052-staff-accounts-two-factors.md): one row for every staff
 * change and every staff sign-in, failed or not; administrators read it (GET /staff/audit) and
 * export it (GET /staff/audit.csv).
 *
 * For other modules (players, payments, compliance, releases…): the staff module decorates the
 * app with its `record` (`app.staff.audit`, staff.module.ts). Write your staff action in the SAME transaction as the
 * change itself, so there is never a change without its audit row (nor a row without its change):
 *
 *   await inTransaction(ctx.database, async (trx) => {
 *     await changeSomething(trx, …);
 *     await audit.record(trx, {
 *       actorUserId: staffOf(request).userId, ip: request.ip,
 *       action: 'payments.refunded',          // `<module>.<past tense>`
 *       targetUserId: playerId,               // the player concerned, if any
 *       target: `payment:${paymentId}`,       // the object concerned, `<kind>:<id>`
 *       before: { status: 'failed' }, after: { status: 'refunded' },  // JSON values, never secrets
 *       reason,                               // what the member of staff typed
 *     });
 *   });
 *
 * `list` reads a page of it (filters as GET /staff/audit's query).
 */
import type { StaffAuditEntry } from '@mchezo/contracts/staff';
import { STAFF_AUDIT_CSV_MAX_ROWS } from '@mchezo/contracts/staff';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { newId } from '../../lib/crypto.js';
import { csvCell } from '../../lib/csv.js';
import { eatIso, eatMidnight, iso } from '../../lib/time.js';
import { type AuditFilter, findAudit, insertAudit } from './staff.repository.js';
import type { StaffAuditTable } from './staff.tables.js';
import type { Actor } from './staff.types.js';

const DAY_MS = 86_400_000;

/** One staff action. `before`/`after` are stored as JSON; leave out what did not apply. */
export interface StaffAuditRecord {
  /** The member of staff who acted (null: a sign-in attempt for a phone with no account). */
  actorUserId: string | null;
  ip: string | null;
  /** `<module>.<what happened>`, e.g. `staff.role_granted`, `players.logged_out`. */
  action: string;
  targetUserId?: string | null;
  /** The object acted on, `<kind>:<id>`. */
  target?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** GET /staff/audit's filters: actor and player ids, an action, EAT calendar days `from`..`to`. */
export interface StaffAuditQuery {
  actor?: string | undefined;
  player?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** What other modules call: write inside your transaction, read a page. */
export interface StaffAudit {
  record(trx: Kysely<DB>, entry: StaffAuditRecord): Promise<void>;
  list(
    q: StaffAuditQuery & { limit: number; before?: string | undefined },
  ): Promise<{ entries: StaffAuditEntry[]; next_before: string | null }>;
}

export class StaffAuditService implements StaffAudit {
  constructor(private readonly ctx: AppContext) {}

  async record(trx: Kysely<DB>, entry: StaffAuditRecord): Promise<void> {
    const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
    await insertAudit(trx, {
      id: newId(),
      at: this.ctx.clock.now(),
      actor_user_id: entry.actorUserId,
      actor_phone: null,
      action: entry.action,
      target_user_id: entry.targetUserId ?? null,
      target: entry.target ?? null,
      before: json(entry.before),
      after: json(entry.after),
      reason: entry.reason ?? null,
      ip: entry.ip,
    });
  }

  /** The staff module's own shorthand: `actor` as the services carry it. */
  write(
    actor: Actor,
    entry: Omit<StaffAuditRecord, 'actorUserId' | 'ip'>,
    db: Kysely<DB> = this.ctx.database.db,
  ): Promise<void> {
    return this.record(db, { ...entry, actorUserId: actor.userId, ip: actor.ip });
  }

  async list(
    q: StaffAuditQuery & { limit: number; before?: string | undefined },
  ): Promise<{ entries: StaffAuditEntry[]; next_before: string | null }> {
    const rows = await findAudit(this.ctx.database.db, { ...filterOf(q), before: q.before }, q.limit + 1);
    const page = rows.slice(0, q.limit);
    return {
      entries: page.map(auditEntry),
      next_before: rows.length > q.limit ? (page.at(-1)?.id ?? null) : null,
    };
  }

  /** The same entries as CSV; a cell a spreadsheet would run as a formula is written as text. */
  async csv(q: StaffAuditQuery): Promise<string> {
    const rows = await findAudit(this.ctx.database.db, filterOf(q), STAFF_AUDIT_CSV_MAX_ROWS);
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

function filterOf(q: StaffAuditQuery): AuditFilter {
  return {
    actor: q.actor,
    player: q.player,
    action: q.action,
    fromMs: q.from ? eatMidnight(q.from) : undefined,
    toMs: q.to ? eatMidnight(q.to) + DAY_MS : undefined,
  };
}

/** A stored before/after: JSON text the audit wrote itself (`record` stringifies it). */
const parse = (v: string | null): StaffAuditEntry['before'] => (v === null ? null : JSON.parse(v));

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
