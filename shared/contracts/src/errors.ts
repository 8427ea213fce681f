import { z } from 'zod';

/**
 * Every non-2xx answer of /api/v1 is JSON with at least an `error` message.
 * Extra fields appear only where the situation needs them.
 */
/**
 * A version's bytes on its pages' critical path against its remote's byte budget
 * (docs/decisions/048-byte-budgets.md): brotli bytes, the largest of its exposed pages.
 */
export const ByteBudgetFigures = z.object({
  remote: z.string(),
  version: z.string(),
  /** null: the version's folder has no readable mf-manifest.json (nothing to measure). */
  bytes: z.number().int().nonnegative().nullable(),
  /** The exposed page with the most bytes. */
  page: z.string().nullable(),
  budget: z.number().int().positive(),
  /** The active version's figure, when the remote has one. */
  active: z.object({ version: z.string(), bytes: z.number().int().nonnegative().nullable() }).nullable(),
  over: z.boolean(),
  /** `wallet 1.4.0: 41.2 KB on the critical path (active 1.3.9: 40.8 KB, +0.4 KB), budget 50.0 KB` */
  summary: z.string(),
});
export type ByteBudgetFigures = z.infer<typeof ByteBudgetFigures>;

export const ErrorResponse = z.object({
  error: z.string(),
  /** Machine-readable code, e.g. VALIDATION_ERROR, INSUFFICIENT_FUNDS, RATE_LIMITED. */
  code: z.string().optional(),
  /** 401 lockout: the client must clear the session and show the login page. */
  locked_out: z.boolean().optional(),
  /** Lockout reason code (INVALID_TOKEN, REFRESH_TOKEN_REUSED, SESSION_REVOKED, ACCOUNT_SUSPENDED). */
  reason: z.string().optional(),
  /** Human-readable lockout message. */
  message: z.string().optional(),
  /** 429: seconds to wait before trying again (also sent as the Retry-After header). */
  retry_after_seconds: z.number().int().nonnegative().optional(),
  /** 403 TIMED_OUT / SELF_EXCLUDED: when the time-out or self-exclusion ends (ISO 8601). */
  until: z.string().optional(),
  /**
   * 422 DEPOSIT_LIMIT_EXCEEDED: the period, its limit and what can still be deposited in it (KES).
   * 403 LOSS_LIMIT_DAY / _WEEK / _MONTH: the period, its loss limit and what can still be lost in
   * it; 403 STAKE_LIMIT: the largest stake allowed (`limit`).
   */
  limit_period: z.enum(['day', 'week', 'month']).optional(),
  limit: z.number().optional(),
  remaining: z.number().optional(),
  /** 422 OVER_BYTE_BUDGET: the version's critical-path bytes, its remote's budget, the active version's. */
  byte_budget: ByteBudgetFigures.optional(),
  /** 400 validation: where the input was wrong. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const LockoutReason = z.enum([
  'INVALID_TOKEN',
  'REFRESH_TOKEN_REUSED',
  'SESSION_REVOKED',
  'ACCOUNT_SUSPENDED',
]);
export type LockoutReason = z.infer<typeof LockoutReason>;

export const DEFAULT_LOCKOUT_MESSAGE = 'You have been logged out due to security reasons.';

/**
 * A rule of a request's shape that has its own answer: a business rule (422 with its code, e.g.
 * ABOVE_MAXIMUM) or a 400 with a code clients know, instead of 400 VALIDATION_ERROR. The rule
 * lives in the schema, `.refine(check, refusal(...))` (a refinement: zod keeps `params` on custom
 * issues only, not on `.regex()`'s or `.max()`'s); the API answers a request whose every
 * issue is a refusal with the first one's status, code and message (api/src/lib/errors.ts).
 */
export interface Refusal {
  code: string;
  status: 400 | 422;
}
export const refusal = (message: string, code: string, status: Refusal['status'] = 422) => ({
  error: message,
  params: { refusal: { code, status } satisfies Refusal },
});
