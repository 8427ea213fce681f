/**
 * Every error code the API answers, with its one HTTP status. Each area declares its own codes
 * in error-codes/<area>.ts; this is their union. Zod-free: the browser may import it.
 */
import { CASINO_ERRORS } from './error-codes/casino.ts';
import { COMMON_ERRORS } from './error-codes/common.ts';
import { COMPLIANCE_ERRORS } from './error-codes/compliance.ts';
import { PLAYERS_ERRORS } from './error-codes/players.ts';
import { SAFER_GAMBLING_ERRORS } from './error-codes/safer-gambling.ts';

/** Each area's codes, by area: error-codes.test.ts checks that no code is declared twice. */
export const ERROR_CODE_AREAS = {
  common: COMMON_ERRORS,
  compliance: COMPLIANCE_ERRORS,
  players: PLAYERS_ERRORS,
  casino: CASINO_ERRORS,
  'safer-gambling': SAFER_GAMBLING_ERRORS,
} as const;

export const ERROR_CODES = {
  ...COMMON_ERRORS,
  ...COMPLIANCE_ERRORS,
  ...PLAYERS_ERRORS,
  ...CASINO_ERRORS,
  ...SAFER_GAMBLING_ERRORS,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const statusOf = (code: ErrorCode): number => ERROR_CODES[code];
