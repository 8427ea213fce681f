import { z } from 'zod';
import { refusal } from './errors.ts';
import { CalendarDay } from './payments.ts';
import { Cents, Cursor, Id, pageOf, Reason } from './staff-common.ts';
import {
  AML_CASE_FILTER_STATUSES,
  AML_CASE_ORDERS,
  AML_CASE_STATUSES,
  AML_RULES,
  AML_SEVERITIES,
} from './staff-compliance-constants.ts';

/**
 * `/api/v1/aml/…`: money-laundering alerts, their cases and the reports for the Financial
 * Reporting Centre (compliance role, granted from COMPLIANCE_PHONES;
 * docs/decisions/043-money-laundering-monitoring.md).
 */

/**
 * GET /aml/alerts: newest first, a page at a time (`cursor`: the `next_cursor` of the page
 * before); `status` is the case's (`none`: no case yet); `player` is part of the player's phone
 * (digits, with or without the 254 or 0 prefix) or name.
 */
const PlayerQuery = z.string().trim().min(3, 'Type at least 3 characters').max(100);
export const AmlAlertsQuery = z.strictObject({
  rule: z.enum(AML_RULES).optional(),
  severity: z.enum(AML_SEVERITIES).optional(),
  status: z.enum(['none', ...AML_CASE_STATUSES]).optional(),
  player: PlayerQuery.optional(),
  cursor: Cursor.optional(),
});
export type AmlAlertsQuery = z.infer<typeof AmlAlertsQuery>;

/**
 * GET /aml/cases: a page at a time (`cursor`: the `next_cursor` of the page before), ordered by
 * the time each case was opened: `oldest` first by default (the desk's queue: the case waiting
 * longest is the nearest to the FRC's two-day limit), `newest` first to look back (last month's
 * reported cases). `status` is a case status or `active` (open or reviewing); `rule`, `severity`
 * and `player` as for the alerts.
 */
export const AmlCasesQuery = z.strictObject({
  status: z.enum(AML_CASE_FILTER_STATUSES).optional(),
  rule: z.enum(AML_RULES).optional(),
  severity: z.enum(AML_SEVERITIES).optional(),
  player: PlayerQuery.optional(),
  order: z.enum(AML_CASE_ORDERS).default('oldest'),
  cursor: Cursor.optional(),
});
export type AmlCasesQuery = z.infer<typeof AmlCasesQuery>;

/** POST /aml/cases: a case from an alert (one per alert; 409 CASE_EXISTS for a second). */
export const OpenAmlCaseRequest = z.strictObject({ alert_id: Id, reason: Reason });
export type OpenAmlCaseRequest = z.infer<typeof OpenAmlCaseRequest>;

export const AmlCaseParams = z.strictObject({ id: Id });

/** POST /aml/cases/:id/review: open → reviewing. */
export const ReviewAmlCaseRequest = z.strictObject({ reason: Reason });
export type ReviewAmlCaseRequest = z.infer<typeof ReviewAmlCaseRequest>;

/**
 * POST /aml/cases/:id/close: reviewing → reported or dismissed. A high-severity case is closed
 * only by someone who neither opened it nor moved it to reviewing (403 FOUR_EYES_REQUIRED).
 */
export const CloseAmlCaseRequest = z.strictObject({
  outcome: z.enum(['reported', 'dismissed']),
  reason: Reason,
});
export type CloseAmlCaseRequest = z.infer<typeof CloseAmlCaseRequest>;

/** GET /aml/cases/:id/goaml?type: the goAML XML of a suspicious (STR) or cash/threshold (CTR) report. */
export const GoamlReportQuery = z.strictObject({ type: z.enum(['STR', 'CTR']) });
export type GoamlReportQuery = z.infer<typeof GoamlReportQuery>;

/** The longest threshold-transactions CSV, in days. */
export const THRESHOLD_CSV_MAX_DAYS = 400;

/** GET /aml/threshold-transactions.csv?from&to: East Africa Time days, both included. */
export const ThresholdTransactionsQuery = z
  .strictObject({ from: CalendarDay, to: CalendarDay })
  .refine((q) => q.from <= q.to, refusal('to must not be before from', 'INVALID_RANGE', 400))
  .refine(
    (q) => Date.parse(q.to) - Date.parse(q.from) < THRESHOLD_CSV_MAX_DAYS * 86_400_000,
    refusal(`At most ${THRESHOLD_CSV_MAX_DAYS} days per file`, 'INVALID_RANGE', 400),
  );
export type ThresholdTransactionsQuery = z.infer<typeof ThresholdTransactionsQuery>;

const Severity = z.enum(AML_SEVERITIES);
const CaseStatus = z.enum(AML_CASE_STATUSES);

/** One figure of an alert: a number (`_cents`, `_bp`, `_hours`…), a word or phone, or a list of user ids. */
export const AlertFigure = z.union([z.number(), z.string(), z.array(z.string())]);
export type AlertFigure = z.infer<typeof AlertFigure>;

export const AmlAlert = z.object({
  id: z.string(),
  rule: z.string(),
  severity: Severity,
  user_id: z.string(),
  /** The player's name (null before they gave one) and phone. */
  player_name: z.string().nullable(),
  player_phone: z.string(),
  transactions: z.array(z.string()),
  /** The rule's figures: integer cents, counts, windows, thresholds, the transaction's type, a phone and its accounts. */
  figures: z.record(z.string(), AlertFigure),
  occurred_at: z.string(),
  created_at: z.string(),
  case_id: z.string().nullable(),
  case_status: CaseStatus.nullable(),
});
export type AmlAlert = z.infer<typeof AmlAlert>;
export const AmlAlertsResponse = pageOf('alerts', AmlAlert);
export type AmlAlertsResponse = z.infer<typeof AmlAlertsResponse>;

export const AmlCaseStep = z.object({
  action: z.string(),
  from_status: CaseStatus.nullable(),
  to_status: CaseStatus.nullable(),
  /** The staff member's user id, name and phone. */
  actor: z.string(),
  actor_name: z.string().nullable(),
  actor_phone: z.string().nullable(),
  reason: z.string(),
  at: z.string(),
});

/** One of the alert's transactions as the wallet holds it (amount in integer cents). */
export const AmlCaseTransaction = z.object({
  id: z.string(),
  type: z.enum(['deposit', 'withdrawal']),
  status: z.string(),
  amount: Cents,
  currency: z.string(),
  created_at: z.string(),
});
export type AmlCaseTransaction = z.infer<typeof AmlCaseTransaction>;

export const AmlCase = z.object({
  id: z.string(),
  alert_id: z.string(),
  user_id: z.string(),
  severity: Severity,
  status: CaseStatus,
  opened_by: z.string(),
  opened_at: z.string(),
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  closed_by: z.string().nullable(),
  closed_at: z.string().nullable(),
  steps: z.array(AmlCaseStep),
  /** The alert the case was opened from, and its transactions, oldest first. */
  alert: AmlAlert,
  transactions: z.array(AmlCaseTransaction),
});
export type AmlCase = z.infer<typeof AmlCase>;

/** A case as listed: its alert's rule, the player, who opened it and when it last had a step. */
export const AmlCaseRow = z.object({
  id: z.string(),
  alert_id: z.string(),
  status: CaseStatus,
  severity: Severity,
  rule: z.string(),
  user_id: z.string(),
  player_name: z.string().nullable(),
  player_phone: z.string(),
  opened_at: z.string(),
  opened_by: z.string(),
  /** Who opened it: their name (null when they gave none) and phone (null when they are gone). */
  opened_by_name: z.string().nullable(),
  opened_by_phone: z.string().nullable(),
  /** The latest step of its trail (a move, a refusal, a goAML export). */
  last_step_at: z.string(),
});
export type AmlCaseRow = z.infer<typeof AmlCaseRow>;
export const AmlCasesResponse = pageOf('cases', AmlCaseRow);
export type AmlCasesResponse = z.infer<typeof AmlCasesResponse>;
