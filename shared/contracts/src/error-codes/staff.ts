/**
 * Codes of staff accounts (api/src/modules/staff, docs/decisions/052-staff-accounts-two-factors.md):
 * staff sessions and their guard, enrolling an authenticator, roles and their grants, four eyes.
 */
export const STAFF_ERRORS = {
  STAFF_SESSION_REQUIRED: 401,
  STAFF_SESSION_INVALID: 401,
  STAFF_SESSION_EXPIRED: 401,
  STAFF_SESSION_ENDED: 401,
  /** A staff route with a player's (password-only) token. */
  SECOND_FACTOR_REQUIRED: 403,
  /** A staff sign-in with the password but not yet its code: the sign-in screen asks for it. */
  CODE_REQUIRED: 401,
  STAFF_ROLE_REQUIRED: 403,
  TWO_FACTOR_NOT_ENROLLED: 403,
  SESSION_ENDED: 409,
  ENROLMENT_CODE_REQUIRED: 403,
  ENROLMENT_CODE_INVALID: 401,
  ALREADY_ENROLLED: 409,
  NOT_ENROLLING: 409,
  NOT_ENROLLED: 409,
  NOT_STAFF: 409,
  OWN_ROLES: 403,
  ROLE_HELD: 409,
  ROLE_NOT_HELD: 409,
  ROLE_CONFIGURED: 409,
  GRANT_PENDING: 409,
  GRANT_NOT_PENDING: 409,
  FOUR_EYES_REQUIRED: 403,
} as const;
