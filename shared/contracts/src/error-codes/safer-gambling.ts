/**
 * The player's own limits and restrictions (docs/decisions/041-loss-and-stake-limits.md):
 * what a time-out, a self-exclusion or a limit refuses.
 */
export const SAFER_GAMBLING_ERRORS = {
  TIMED_OUT: 403,
  SELF_EXCLUDED: 403,
  STAKE_LIMIT: 403,
  LOSS_LIMIT_DAY: 403,
  LOSS_LIMIT_WEEK: 403,
  LOSS_LIMIT_MONTH: 403,
  RESTRICTION_ACTIVE: 409,
  DEPOSIT_LIMIT_EXCEEDED: 422,
} as const;
