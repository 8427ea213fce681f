/**
 * Finance, the operators' side of money (api/src/modules/finance): the review queue, Paybill
 * suspense, tax rates and adjustments (docs/decisions/069-finance-one-module.md).
 */
export const FINANCE_ERRORS = {
  NOT_IN_REVIEW: 409,
  /** Another member of finance resolved or assigned it first. */
  ALREADY_RESOLVED: 409,
  ALREADY_DECIDED: 409,
  NOT_IN_SUSPENSE: 409,
  UNKNOWN_ACCOUNT: 422,
  UNKNOWN_PLAYER: 422,
  NOT_SUPPORTED: 422,
  C2B_REGISTER_REFUSED: 422,
  NOT_IN_FUTURE: 422,
  ALREADY_SCHEDULED: 409,
  ALREADY_CANCELLED: 409,
  NOT_SCHEDULED: 409,
} as const;
