/**
 * The safer-gambling module's tables (./migrations/0010-safer-gambling.ts, 0018-loss-limits.ts);
 * part of `DB` in db/schema.ts.
 */
export interface SaferGamblingTables {
  deposit_limits: DepositLimitsTable;
  play_limits: PlayLimitsTable;
  self_restrictions: SelfRestrictionsTable;
  safer_gambling_settings: SaferGamblingSettingsTable;
}

/** A player's deposit limit for one period; amounts in cents. */
export interface DepositLimitsTable {
  user_id: string;
  period: 'day' | 'week' | 'month';
  /** The limit in force; null: none. */
  amount: number | null;
  /** A raise or removal (null) waiting until `pending_at`; meaningless when `pending_at` is null. */
  pending_amount: number | null;
  pending_at: number | null;
  updated_at: number;
}

/**
 * A player's loss limit for one period (`day`, `week`, `month`: net loss, stakes − wins) or
 * stake limit (`bet`); the same columns and rules as a deposit limit. Amounts in cents.
 */
export interface PlayLimitsTable extends Omit<DepositLimitsTable, 'period'> {
  period: 'day' | 'week' | 'month' | 'bet';
}

/** A time-out or self-exclusion, kept for good: never shortened, updated or deleted. */
export interface SelfRestrictionsTable {
  id: string;
  user_id: string;
  kind: 'time_out' | 'self_exclusion';
  length: '24h' | '7d' | '30d' | '6m' | '1y' | '5y';
  started_at: number;
  ends_at: number;
}

interface SaferGamblingSettingsTable {
  user_id: string;
  /** 15 | 30 | 60; null: no reality check. */
  reality_check_minutes: number | null;
  updated_at: number;
}
