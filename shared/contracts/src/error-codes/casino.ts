/** The casino's codes: game links, and the seamless wallet game providers call. */
export const CASINO_ERRORS = {
  /** A provider's call whose signature or timestamp does not check out. */
  INVALID_SIGNATURE: 401,
  PLAYER_BLOCKED: 403,
  INVALID_AMOUNT: 400,
  LAUNCH_USED: 409,
  CURRENCY_MISMATCH: 422,
  BELOW_MINIMUM_STAKE: 422,
} as const;
