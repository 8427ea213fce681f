/**
 * Finance's staff actions in the one staff audit (modules/staff, `staff_audit`;
 * docs/decisions/069-finance-one-module.md): every review resolution, Paybill assignment, tax-rate
 * change and adjustment is written with `app.staff.audit` in the transaction of the change, as
 * `finance.<what happened>` on `<kind>:<id>`, by the acting person's user id. GET /finance/audit
 * reads those rows back, newest first, with the person's phone (or the phone kept for a row
 * migrated from the old payment audit whose phone matched no account: `actor_phone`).
 */

import { fromCents } from '@mchezo/contracts/money';
import type { StoredJson } from '@mchezo/contracts/payments';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { iso } from '../../lib/time.js';

/** The member of finance staff acting: who (user id, and phone for rows that record it) and from where. */
export interface FinanceActor {
  userId: string;
  phone: string;
  ip: string | null;
}

/** One staff action for the staff audit, written in the caller's transaction. */
export interface FinanceAuditEntry {
  actorUserId: string;
  ip: string | null;
  /** `finance.<what happened>`. */
  action: `finance.${string}`;
  targetUserId?: string | null;
  /** `<kind>:<id>`. */
  target: string;
  before?: unknown;
  after?: unknown;
  /** The note the member of staff typed. */
  reason: string;
}
export type RecordAudit = (trx: Kysely<DB>, entry: FinanceAuditEntry) => Promise<void>;

/** The audit entry of `actor` doing `action` on `kind:id`, with the note they typed. */
export const auditEntry = (
  actor: FinanceActor,
  action: `finance.${string}`,
  [kind, id]: [string, string],
  fields: { before?: unknown; after?: unknown; note: string; targetUserId?: string | null },
): FinanceAuditEntry => ({
  actorUserId: actor.userId,
  ip: actor.ip,
  action,
  target: `${kind}:${id}`,
  targetUserId: fields.targetUserId ?? null,
  before: fields.before,
  after: fields.after,
  reason: fields.note,
});

/** Stored JSON with integer cents shown as API amounts (`amount_minor` → `amount`). */
export function readJson(text: string | null): StoredJson {
  if (text === null) return null;
  let value: StoredJson;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const { amount_minor, ...rest } = value;
  return amount_minor === undefined
    ? rest
    : { amount: typeof amount_minor === 'number' ? fromCents(amount_minor) : null, ...rest };
}

/** GET /finance/audit: finance's entries of the staff audit, newest first. */
export async function financeAudit(db: Kysely<DB>, limit: number) {
  const rows = await db
    .selectFrom('staff_audit as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .select([
      'a.id',
      'a.at',
      'a.actor_user_id',
      'a.actor_phone',
      'u.phone',
      'a.action',
      'a.target',
      'a.before',
      'a.after',
      'a.reason',
    ])
    .where('a.action', 'like', 'finance.%')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return {
    entries: rows.map((r) => {
      const target = r.target ?? '';
      const colon = target.indexOf(':');
      return {
        id: r.id,
        actor: r.phone ?? r.actor_phone,
        actor_user_id: r.actor_user_id,
        action: r.action,
        subject_type: colon < 0 ? target : target.slice(0, colon),
        subject_id: colon < 0 ? '' : target.slice(colon + 1),
        before: readJson(r.before),
        after: readJson(r.after),
        note: r.reason ?? '',
        created_at: iso(r.at),
      };
    }),
  };
}

/** The note each of the rates `ids` was scheduled with (its `finance.tax_rate_scheduled` entry). */
export async function scheduleNotes(db: Kysely<DB>, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('staff_audit')
    .select(['target', 'reason'])
    .where(
      'target',
      'in',
      ids.map((id) => `tax_rate:${id}`),
    )
    .where('action', '=', 'finance.tax_rate_scheduled')
    .execute();
  return new Map(rows.map((r) => [(r.target ?? '').slice('tax_rate:'.length), r.reason ?? '']));
}
