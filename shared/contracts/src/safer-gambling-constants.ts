// Plain values (no zod) the browser can import without pulling in the schema library.
// The rules behind them: docs/product-rules.md#safer-gambling, docs/decisions/020-safer-gambling.md.

/** Deposit limits are per Kenyan calendar day, week (from Monday) and month (from the 1st). */
export const DEPOSIT_LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type DepositLimitPeriod = (typeof DEPOSIT_LIMIT_PERIODS)[number];

/**
 * Loss limits (net loss: stakes − wins, rollbacks undone) use the same calendar windows; the
 * stake limit is per bet. Both are stored as play limits under these keys
 * (docs/decisions/041-loss-and-stake-limits.md).
 */
export const LOSS_LIMIT_PERIODS = DEPOSIT_LIMIT_PERIODS;
export const PLAY_LIMIT_KEYS = [...LOSS_LIMIT_PERIODS, 'bet'] as const;
export type PlayLimitKey = (typeof PLAY_LIMIT_KEYS)[number];

/** A raised or removed limit applies this long after it was asked; a lower one at once. */
export const LIMIT_INCREASE_DELAY_HOURS = 24;

export const TIME_OUT_LENGTHS = ['24h', '7d', '30d'] as const;
export type TimeOutLength = (typeof TIME_OUT_LENGTHS)[number];
export const SELF_EXCLUSION_LENGTHS = ['6m', '1y', '5y'] as const;
export type SelfExclusionLength = (typeof SELF_EXCLUSION_LENGTHS)[number];

/** Reality-check intervals a player may choose, in minutes (or none). */
export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];

export const STATEMENT_PERIODS = ['day', 'week', 'month'] as const;
export type StatementPeriod = (typeof STATEMENT_PERIODS)[number];

/** The error codes of a refused deposit, launch or stake. */
export const RESTRICTION_CODES = ['TIMED_OUT', 'SELF_EXCLUDED'] as const;
export const DEPOSIT_LIMIT_EXCEEDED = 'DEPOSIT_LIMIT_EXCEEDED';
/** 403 on a stake: above the per-bet limit, or it would take a window's net loss over its limit. */
export const STAKE_LIMIT = 'STAKE_LIMIT';
export const LOSS_LIMIT_CODES = {
  day: 'LOSS_LIMIT_DAY',
  week: 'LOSS_LIMIT_WEEK',
  month: 'LOSS_LIMIT_MONTH',
} as const satisfies Record<DepositLimitPeriod, string>;
