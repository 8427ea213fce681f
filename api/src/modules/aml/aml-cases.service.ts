/**
 * Money-laundering alerts and their cases (docs/decisions/043-money-laundering-monitoring.md):
 * compliance staff open a case from an alert, move it to reviewing and close it as reported or
 * dismissed, each step with who (their user id), when and why, kept in aml_case_events (the
 * case's audit trail, refusals included). A high-severity case is closed only by a second person:
 * neither the one who opened it nor the one who reviewed it. The reports made from them are
 * aml-reports.service.ts's.
 */
import type {
  AmlAlert,
  AmlAlertsQuery,
  AmlCase,
  AmlCasesQuery,
  AmlCasesResponse,
  CloseAmlCaseRequest,
} from '@mchezo/contracts/aml';
import { AML_ALERTS_PAGE } from '@mchezo/contracts/staff-compliance-constants';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { inTransaction } from '../../db/tx.js';
import { newId } from '../../lib/crypto.js';
import { notFound, refuse } from '../../lib/errors.js';
import { decodePageCursor, encodePageCursor } from '../../lib/page-cursor.js';
import { iso } from '../../lib/time.js';
import type { SecondPersonCheck } from '../staff/staff.types.js';
import {
  type AlertRow,
  alertWithPlayer,
  type CaseRow,
  caseEvents,
  findAlert,
  findCase,
  insertCase,
  insertCaseEvent,
  listAlerts,
  moveCase,
  openAlertCounts,
  walletTransactions,
} from './aml.repository.js';
import type { AmlCaseStatus, AmlRule } from './aml.tables.js';
import { casePage, playerPatterns } from './aml-case-list.js';
import { SEVERITY } from './aml-rules.js';

const _DAY_MS = 86_400_000;
const isoOrNull = (ms: number | null) => (ms == null ? null : iso(Number(ms)));

const caseDto = (row: CaseRow) => ({
  id: row.id,
  alert_id: row.alert_id,
  user_id: row.user_id,
  severity: row.severity,
  status: row.status,
  opened_by: row.opened_by,
  opened_at: iso(Number(row.opened_at)),
  reviewed_by: row.reviewed_by,
  reviewed_at: isoOrNull(row.reviewed_at),
  closed_by: row.closed_by,
  closed_at: isoOrNull(row.closed_at),
});

type ListedAlert = AlertRow & {
  player_name: string | null;
  player_phone: string;
  case_id: string | null;
  case_status: CaseRow['status'] | null;
};

const alertDto = (a: ListedAlert): AmlAlert => ({
  id: a.id,
  rule: a.rule,
  severity: a.severity,
  user_id: a.user_id,
  player_name: a.player_name,
  player_phone: a.player_phone,
  transactions: JSON.parse(a.transactions) as string[],
  figures: JSON.parse(a.figures) as AmlAlert['figures'],
  occurred_at: iso(Number(a.occurred_at)),
  created_at: iso(Number(a.created_at)),
  case_id: a.case_id,
  case_status: a.case_status,
});

/** Why a case did not move: gone, or in another status (read in the step's transaction). */
async function notIn(trx: Kysely<DB>, id: string, expected: AmlCaseStatus) {
  const row = await findCase(trx, id);
  if (!row) return notFound('No such case');
  return refuse('INVALID_STATE', `The case is ${row.status}, not ${expected}`);
}

export class AmlCaseService {
  constructor(
    private readonly ctx: AppContext,
    /** Four eyes (modules/staff four-eyes.service.ts): the closer of a high case is a second person. */
    private readonly secondPerson: SecondPersonCheck,
  ) {}

  private get db() {
    return this.ctx.database.db;
  }

  /** A page of alerts as filtered, newest first; `player` is part of a phone or a name. */
  async alerts(query: AmlAlertsQuery): Promise<{ alerts: AmlAlert[]; next_cursor: string | null }> {
    const patterns = playerPatterns(query.player);
    if (!patterns) return { alerts: [], next_cursor: null };
    const rows = await listAlerts(this.db, {
      rule: query.rule,
      severity: query.severity,
      status: query.status,
      ...patterns,
      before: decodePageCursor(query.cursor),
      limit: AML_ALERTS_PAGE + 1,
    });
    const page = rows.slice(0, AML_ALERTS_PAGE);
    const last = page.at(-1);
    return {
      alerts: page.map(alertDto),
      next_cursor:
        rows.length > AML_ALERTS_PAGE && last ? encodePageCursor(Number(last.created_at), last.id) : null,
    };
  }

  /** Open alerts (no case, or a case open or under review) by rule, every rule listed (0 when none). */
  async openAlertsByRule(): Promise<Record<AmlRule, number>> {
    const counts = Object.fromEntries(Object.keys(SEVERITY).map((rule) => [rule, 0])) as Record<
      AmlRule,
      number
    >;
    for (const row of await openAlertCounts(this.db)) counts[row.rule] = Number(row.count);
    return counts;
  }

  /** A page of cases as filtered (aml-case-list.ts). */
  cases(query: AmlCasesQuery): Promise<AmlCasesResponse> {
    return casePage(this.db, query);
  }

  async get(id: string): Promise<AmlCase> {
    const row = await findCase(this.db, id);
    if (!row) throw notFound('No such case');
    const alert = await alertWithPlayer(this.db, row.alert_id);
    if (!alert) throw notFound('No such alert');
    const steps = (await caseEvents(this.db, id)).map((e) => ({
      action: e.action,
      from_status: e.from_status,
      to_status: e.to_status,
      actor: e.actor,
      actor_name: e.actor_name,
      actor_phone: e.actor_phone,
      reason: e.reason,
      at: iso(Number(e.created_at)),
    }));
    const transactions = (await walletTransactions(this.db, JSON.parse(alert.transactions) as string[])).map(
      (tx) => ({
        id: tx.id,
        type: tx.type,
        status: tx.status,
        amount: Number(tx.amount),
        currency: tx.currency,
        created_at: iso(Number(tx.created_at)),
      }),
    );
    return { ...caseDto(row), steps, alert: alertDto(alert), transactions };
  }

  /** A case from an alert, `open`, by `actor`. */
  async open(actor: string, alertId: string, reason: string): Promise<AmlCase> {
    const now = this.ctx.clock.now();
    const id = newId();
    await inTransaction(this.ctx.database, async (trx) => {
      const alert = await findAlert(trx, alertId);
      if (!alert) throw notFound('No such alert');
      const made = await insertCase(trx, {
        id,
        alert_id: alert.id,
        user_id: alert.user_id,
        severity: alert.severity,
        status: 'open',
        opened_by: actor,
        opened_at: now,
        reviewed_by: null,
        reviewed_at: null,
        closed_by: null,
        closed_at: null,
        updated_at: now,
      });
      if (!made) throw refuse('CASE_EXISTS', 'This alert already has a case');
      await this.step(trx, id, 'open', null, 'open', actor, reason, now);
    });
    return this.get(id);
  }

  /** open → reviewing. */
  async review(actor: string, id: string, reason: string): Promise<AmlCase> {
    const now = this.ctx.clock.now();
    await inTransaction(this.ctx.database, async (trx) => {
      const moved = await moveCase(trx, id, 'open', {
        status: 'reviewing',
        reviewed_by: actor,
        reviewed_at: now,
        updated_at: now,
      });
      if (!moved) throw await notIn(trx, id, 'open');
      await this.step(trx, id, 'review', 'open', 'reviewing', actor, reason, now);
    });
    return this.get(id);
  }

  /** reviewing → reported or dismissed; a high-severity case by a second person only. */
  async close(actor: string, id: string, { outcome, reason }: CloseAmlCaseRequest): Promise<AmlCase> {
    const now = this.ctx.clock.now();
    const row = await findCase(this.db, id);
    if (!row) throw notFound('No such case');
    if (row.severity === 'high') {
      const refusal = await this.secondPerson(
        this.db,
        actor,
        // Who opened and reviewed it, and the player it is about (a colleague's case is not theirs to close).
        [row.opened_by, row.reviewed_by, row.user_id],
        'close a high-severity case (not the one who opened or reviewed it)',
      ).then(
        () => null,
        (err: unknown) => err,
      );
      if (refusal) {
        await inTransaction(this.ctx.database, (trx) =>
          this.step(trx, id, 'refused_four_eyes', row.status, null, actor, reason, now),
        );
        throw refusal;
      }
    }
    await inTransaction(this.ctx.database, async (trx) => {
      const moved = await moveCase(trx, id, 'reviewing', {
        status: outcome,
        closed_by: actor,
        closed_at: now,
        updated_at: now,
      });
      if (!moved) throw await notIn(trx, id, 'reviewing');
      await this.step(
        trx,
        id,
        outcome === 'reported' ? 'report' : 'dismiss',
        'reviewing',
        outcome,
        actor,
        reason,
        now,
      );
    });
    return this.get(id);
  }

  private step(
    trx: Kysely<DB>,
    caseId: string,
    action: string,
    from: AmlCaseStatus | null,
    to: AmlCaseStatus | null,
    actor: string,
    reason: string,
    now: number,
  ) {
    return insertCaseEvent(trx, {
      id: newId(),
      case_id: caseId,
      from_status: from,
      to_status: to,
      action,
      actor,
      reason,
      created_at: now,
    });
  }
}
