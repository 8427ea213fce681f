import { z } from 'zod';
import { refusal } from './errors.ts';
import { CalendarDay } from './payments.ts';
import {
  ADJUSTMENT_MAX_CENTS,
  FINANCE_REPORT_MAX_DAYS,
  FINANCE_REPORT_MAX_MONTHS,
} from './staff-finance-constants.ts';

export {
  ADJUSTMENT_MAX_CENTS,
  FINANCE_FIGURES,
  FINANCE_REPORT_MAX_DAYS,
  FINANCE_REPORT_MAX_MONTHS,
} from './staff-finance-constants.ts';

/**
 * `/api/v1/staff/…` for finance (docs/decisions/055): manual balance
 * adjustments with four eyes (one finance person proposes with a reason, another approves or
 * rejects with a reason; nobody approves their own), the finance report per East Africa Time day
 * or month from the ledger, and the look-up of a player by phone or Paybill account number.
 * Money in integer cents.
 */

const Id = z.string().regex(/^[0-9a-f-]{8,64}$/, 'must be an id');
/** Why: both steps of an adjustment say it (the staff audit keeps it). */
const Reason = z.string().trim().min(3, 'Say why (3 characters or more)').max(2000);

export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const AdjustmentStatus = z.enum(ADJUSTMENT_STATUSES);
export type AdjustmentStatus = z.infer<typeof AdjustmentStatus>;

/**
 * POST /finance/adjustments: a proposal, nothing moves yet. `amount_cents` is signed: positive
 * credits the player's main balance, negative debits it (refused at approval if it would go below
 * zero).
 */
export const ProposeAdjustmentRequest = z.strictObject({
  player_id: Id,
  amount_cents: z
    .number()
    .int('amount_cents must be whole cents')
    .min(-ADJUSTMENT_MAX_CENTS, 'At most KSh 1,000,000.00 either way')
    .max(ADJUSTMENT_MAX_CENTS, 'At most KSh 1,000,000.00 either way')
    .refine((n) => n !== 0, 'An adjustment of zero moves nothing'),
  reason: Reason,
});
export type ProposeAdjustmentRequest = z.infer<typeof ProposeAdjustmentRequest>;

/** GET /finance/adjustments?status&limit: newest first. */
export const AdjustmentListQuery = z.strictObject({
  status: AdjustmentStatus.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdjustmentListQuery = z.infer<typeof AdjustmentListQuery>;

export const AdjustmentParams = z.strictObject({ id: Id });

/** POST /finance/adjustments/:id/approve and …/reject. */
export const DecideAdjustmentRequest = z.strictObject({ reason: Reason });
export type DecideAdjustmentRequest = z.infer<typeof DecideAdjustmentRequest>;

const Person = z.object({ user_id: z.string(), phone: z.string(), full_name: z.string().nullable() });

export const Adjustment = z.object({
  id: z.string(),
  player: Person,
  amount_cents: z.number().int(),
  status: AdjustmentStatus,
  reason: z.string(),
  proposed_by: Person,
  proposed_at: z.string(),
  /** Who approved or rejected it, when and why; null while pending. */
  decided_by: Person.nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
});
export type Adjustment = z.infer<typeof Adjustment>;

export const AdjustmentListResponse = z.object({ adjustments: z.array(Adjustment) });
export type AdjustmentListResponse = z.infer<typeof AdjustmentListResponse>;

/** GET /finance/players?q: a phone (any usual form) or a Paybill account number. */
export const FinancePlayerQuery = z.strictObject({ q: z.string().trim().min(3).max(32) });

export const FinancePlayer = z.object({
  user_id: z.string(),
  phone: z.string(),
  full_name: z.string().nullable(),
  account_number: z.string().nullable(),
  main_cents: z.number().int(),
  withdrawal_cents: z.number().int(),
});
export type FinancePlayer = z.infer<typeof FinancePlayer>;
export const FinancePlayersResponse = z.object({ players: z.array(FinancePlayer) });
export type FinancePlayersResponse = z.infer<typeof FinancePlayersResponse>;

// ---- The finance report ----

const monthsSpanned = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
  Number(to.slice(5, 7)) -
  Number(from.slice(5, 7)) +
  1;
const daysSpanned = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/**
 * GET /finance/report?period&from&to (and /finance/report.csv): East Africa Time
 * days, both included; at most 366 days by day, 36 months by month.
 */
export const FinanceReportQuery = z
  .strictObject({
    period: z.enum(['day', 'month']).default('day'),
    from: CalendarDay,
    to: CalendarDay,
  })
  .refine((q) => q.from <= q.to, refusal('to must not be before from', 'INVALID_RANGE', 400))
  .refine(
    (q) =>
      q.period === 'day'
        ? daysSpanned(q.from, q.to) <= FINANCE_REPORT_MAX_DAYS
        : monthsSpanned(q.from, q.to) <= FINANCE_REPORT_MAX_MONTHS,
    refusal(
      `At most ${FINANCE_REPORT_MAX_DAYS} days by day or ${FINANCE_REPORT_MAX_MONTHS} months by month`,
      'INVALID_RANGE',
      400,
    ),
  );
export type FinanceReportQuery = z.infer<typeof FinanceReportQuery>;

/**
 * One period's figures in integer cents, each from the ledger entries booked in it:
 * deposits in, withdrawals out (as positive amounts), stakes and wins (net of rollbacks),
 * ggr = stakes - wins, the excise duty and withholding tax booked, manual adjustments to players,
 * and ngr = ggr plus the operator account's own movements (excise it absorbed, adjustments it paid).
 */
export const FinanceFigures = z.object({
  deposits: z.number().int(),
  withdrawals: z.number().int(),
  stakes: z.number().int(),
  wins: z.number().int(),
  ggr: z.number().int(),
  excise: z.number().int(),
  withholding: z.number().int(),
  adjustments: z.number().int(),
  ngr: z.number().int(),
});
export type FinanceFigures = z.infer<typeof FinanceFigures>;

export const FinanceReportResponse = z.object({
  period: z.enum(['day', 'month']),
  from: z.string(),
  to: z.string(),
  timezone: z.literal('Africa/Nairobi'),
  currency: z.literal('KES'),
  rows: z.array(FinanceFigures.extend({ period: z.string() })),
  totals: FinanceFigures,
});
export type FinanceReportResponse = z.infer<typeof FinanceReportResponse>;
