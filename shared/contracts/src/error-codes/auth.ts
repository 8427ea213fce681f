/**
 * Codes of the players' sign-in (api/src/modules/auth): passwords, one-time codes, tokens and
 * sessions. The lockout reasons (INVALID_TOKEN … ACCOUNT_SUSPENDED, errors.ts LockoutReason) are
 * 401s the clients answer by clearing the session. The staff sign-in answers some of them too.
 */
export const AUTH_ERRORS = {
  INVALID_PHONE: 400,
  INVALID_CREDENTIALS: 401,
  PHONE_TAKEN: 409,
  NEEDS_VERIFICATION: 403,
  VERIFICATION_EXPIRED: 401,
  /** A one-time code (SMS) or an authenticator code that is wrong, or spent already. */
  CODE_INVALID: 400,
  CODE_USED: 400,
  CODE_EXPIRED: 400,
  CODE_NOT_FOUND: 400,
  CODE_ATTEMPTS_EXCEEDED: 400,
  SMS_FAILED: 503,
  ORIGIN_REFUSED: 403,
  TOKEN_EXPIRED: 401,
  INVALID_TOKEN: 401,
  SESSION_REVOKED: 401,
  REFRESH_TOKEN_REUSED: 401,
  ACCOUNT_SUSPENDED: 401,
} as const;
