/**
 * The compliance desk's codes: money-laundering cases and their goAML reports
 * (docs/decisions/043-money-laundering-monitoring.md), the regulator feed's parked events
 * (063-a-feed-that-cannot-jam.md), the player's identity and its review by compliance
 * (056-identity-review-by-compliance.md), and the self-exclusion register's file.
 */
export const COMPLIANCE_ERRORS = {
  /** A case step asked of a case in another state (reviewing a closed case). */
  INVALID_STATE: 409,
  CASE_EXISTS: 409,
  GOAML_NOT_CONFIGURED: 409,
  NOTHING_TO_REPORT: 409,
  NOT_PARKED: 404,
  /** The player's own identity: an action that needs it confirmed, and sending it. */
  IDENTITY_REQUIRED: 403,
  UNDER_AGE: 422,
  IDENTITY_CONFIRMED: 409,
  DOCUMENT_IN_USE: 409,
  IDENTITY_NOT_PENDING: 409,
  /** A register file over its row cap: fewer days are asked for. */
  TOO_MANY_ROWS: 422,
} as const;
