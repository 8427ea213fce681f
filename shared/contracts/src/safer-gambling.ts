import { z } from 'zod';
import {
  DEPOSIT_LIMIT_PERIODS,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_LENGTHS,
  STATEMENT_PERIODS,
  TIME_OUT_LENGTHS,
} from './safer-gambling-constants.ts';
import { DEPOSIT_MAX } from './wallet-constants.ts';

export * from './safer-gambling-constants.ts';

/** A deposit limit in KES: above 0, at most two decimals, at most the largest deposit. */
export const LimitAmount = z
  .number({ error: 'A limit must be a number' })
  .positive('A limit must be greater than 0')
  .max(DEPOSIT_MAX, `A limit can be at most KES ${DEPOSIT_MAX.toLocaleString('en-US')}`)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'A limit may have at most two decimals');

export const DepositLimitPeriod = z.enum(DEPOSIT_LIMIT_PERIODS);
export type DepositLimitPeriod = z.infer<typeof DepositLimitPeriod>;

/** A limit as it stands: in force now, and a raise or removal waiting for its time. */
export const StakeLimit = z.object({
  /** The limit in force, in KES; null: none. */
  amount: z.number().nullable(),
  /** A raise or removal (amount null) that applies at `applies_at`. */
  pending: z.object({ amount: z.number().nullable(), applies_at: z.string() }).nullable(),
});
export type StakeLimit = z.infer<typeof StakeLimit>;

/** A deposit or loss limit of one calendar period. */
export const DepositLimit = StakeLimit.extend({ period: DepositLimitPeriod });
export type DepositLimit = z.infer<typeof DepositLimit>;

export const Restriction = z.object({
  kind: z.enum(['time_out', 'self_exclusion']),
  length: z.enum([...TIME_OUT_LENGTHS, ...SELF_EXCLUSION_LENGTHS]),
  started_at: z.string(),
  until: z.string(),
});
export type Restriction = z.infer<typeof Restriction>;

/** GET /safer-gambling */
export const SaferGamblingResponse = z.object({
  /** Always the three periods, day first. */
  deposit_limits: z.array(DepositLimit),
  /** Net loss (stakes − wins) per period; always the three periods, day first. */
  loss_limits: z.array(DepositLimit),
  /** The largest single stake. */
  stake_limit: StakeLimit,
  /** The time-out or self-exclusion in force; null when none. */
  restriction: Restriction.nullable(),
  /** 15, 30 or 60; null: off. */
  reality_check_minutes: z.number().int().nullable(),
});
export type SaferGamblingResponse = z.infer<typeof SaferGamblingResponse>;

/** PUT /safer-gambling/deposit-limits: a period left out is unchanged; null removes its limit. */
export const DepositLimitsRequest = z
  .strictObject({
    day: LimitAmount.nullable().optional(),
    week: LimitAmount.nullable().optional(),
    month: LimitAmount.nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Give at least one of day, week, month');
export type DepositLimitsRequest = z.infer<typeof DepositLimitsRequest>;

/** PUT /safer-gambling/loss-limits: as the deposit limits, per day, week and month. */
export const LossLimitsRequest = DepositLimitsRequest;
export type LossLimitsRequest = DepositLimitsRequest;

/** PUT /safer-gambling/stake-limit: the largest single stake; null removes it. */
export const StakeLimitRequest = z.strictObject({ amount: LimitAmount.nullable() });
export type StakeLimitRequest = z.infer<typeof StakeLimitRequest>;

export const TimeOutRequest = z.strictObject({ length: z.enum(TIME_OUT_LENGTHS) });
export type TimeOutRequest = z.infer<typeof TimeOutRequest>;
export const SelfExclusionRequest = z.strictObject({ length: z.enum(SELF_EXCLUSION_LENGTHS) });
export type SelfExclusionRequest = z.infer<typeof SelfExclusionRequest>;

export const RealityCheckRequest = z.strictObject({
  minutes: z
    .union(
      REALITY_CHECK_MINUTES.map((m) => z.literal(m)) as [
        z.ZodLiteral<15>,
        z.ZodLiteral<30>,
        z.ZodLiteral<60>,
      ],
    )
    .nullable(),
});
export type RealityCheckRequest = z.infer<typeof RealityCheckRequest>;

/** GET /safer-gambling/statement: a calendar period so far (Kenya time), or from (and to). */
export const StatementQuery = z
  .strictObject({
    period: z.enum(STATEMENT_PERIODS).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((q) => (q.period === undefined) !== (q.from === undefined), 'Give either period or from')
  .refine((q) => q.to === undefined || q.from !== undefined, 'to needs from');
export type StatementQuery = z.infer<typeof StatementQuery>;

/** Totals in KES of the player's activity in [from, to). */
export const StatementResponse = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  /** Completed deposits, gross. */
  deposits: z.number(),
  /** Withdrawals asked and not failed or reversed, gross. */
  withdrawals: z.number(),
  /** Stakes not rolled back. */
  stakes: z.number(),
  wins: z.number(),
  /** Excise duty deducted from deposits and withholding tax on withdrawals. */
  taxes: z.number(),
  /** wins − stakes: what play won (positive) or lost (negative). */
  net_result: z.number(),
});
export type StatementResponse = z.infer<typeof StatementResponse>;
