/**
 * Every error code the API answers, with its one HTTP status. Each area declares its own codes
 * in error-codes/<area>.ts; this is their union. Zod-free: the browser may import it.
 */
import { AUTH_ERRORS } from './error-codes/auth.ts';
import { CASINO_ERRORS } from './error-codes/casino.ts';
import { COMMON_ERRORS } from './error-codes/common.ts';
import { COMPLIANCE_ERRORS } from './error-codes/compliance.ts';
import { FINANCE_ERRORS } from './error-codes/finance.ts';
import { PLAYERS_ERRORS } from './error-codes/players.ts';
import { RELEASE_HEALTH_ERRORS } from './error-codes/release-health.ts';
import { RELEASES_ERRORS } from './error-codes/releases.ts';
import { SAFER_GAMBLING_ERRORS } from './error-codes/safer-gambling.ts';
import { STAFF_ERRORS } from './error-codes/staff.ts';
import { WALLET_ERRORS } from './error-codes/wallet.ts';

/** Each area's codes, by area: error-codes.test.ts checks that no code is declared twice. */
export const ERROR_CODE_AREAS = {
  common: COMMON_ERRORS,
  releases: RELEASES_ERRORS,
  'release-health': RELEASE_HEALTH_ERRORS,
  wallet: WALLET_ERRORS,
  finance: FINANCE_ERRORS,
  auth: AUTH_ERRORS,
  staff: STAFF_ERRORS,
  compliance: COMPLIANCE_ERRORS,
  players: PLAYERS_ERRORS,
  casino: CASINO_ERRORS,
  'safer-gambling': SAFER_GAMBLING_ERRORS,
} as const;

export const ERROR_CODES = {
  ...COMMON_ERRORS,
  ...RELEASES_ERRORS,
  ...RELEASE_HEALTH_ERRORS,
  ...WALLET_ERRORS,
  ...FINANCE_ERRORS,
  ...AUTH_ERRORS,
  ...STAFF_ERRORS,
  ...COMPLIANCE_ERRORS,
  ...PLAYERS_ERRORS,
  ...CASINO_ERRORS,
  ...SAFER_GAMBLING_ERRORS,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const statusOf = (code: ErrorCode): number => ERROR_CODES[code];
