/**
 * The player's wallet (api/src/modules/wallet): balances, mobile money, Paybill deposits, the
 * providers' callbacks and the seamless game wallet.
 */
export const WALLET_ERRORS = {
  /** The wallet, or mobile money, is switched off (FEATURE_* variables); the casino uses it too. */
  FEATURE_DISABLED: 403,
  /** A balance does not cover a withdrawal, a stake or a correction (one status everywhere). */
  INSUFFICIENT_FUNDS: 422,
  IDEMPOTENCY_MISMATCH: 422,
  PHONE_NOT_OWN: 403,
  UNSUPPORTED_PHONE: 422,
  INVALID_PAGE_TOKEN: 400,
  INVALID_CALLBACK_BODY: 400,
  INVALID_CALLBACK: 403,
  CALLBACK_SOURCE_REFUSED: 403,
  ALREADY_CREDITED: 409,
  DUPLICATE_TRANSACTION: 409,
  ALREADY_ROLLED_BACK: 409,
  INVALID_ROLLBACK: 409,
} as const;
