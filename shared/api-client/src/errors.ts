/**
 * A failed call: `message` is the server's `error` field or the generic text
 * (docs/product-rules.md#failure-messages).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export interface LockoutDetail {
  reason: string;
  message: string;
}

/** The event the shell listens to; raised on a 401 with `locked_out` or a failed refresh. */
export const LOCKOUT_EVENT = 'auth:lockout';
export const DEFAULT_LOCKOUT_REASON = 'INVALID_TOKEN';
export const DEFAULT_LOCKOUT_MESSAGE = 'You have been logged out due to security reasons.';

export function errorMessageOf(body: unknown, status: number): string {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) {
    return body.error;
  }
  return `Request failed with status ${status}`;
}

export function lockoutOf(body: unknown): LockoutDetail | null {
  if (!body || typeof body !== 'object' || !('locked_out' in body) || body.locked_out !== true) return null;
  const b = body as { reason?: unknown; message?: unknown };
  return {
    reason: typeof b.reason === 'string' && b.reason ? b.reason : DEFAULT_LOCKOUT_REASON,
    message: typeof b.message === 'string' && b.message ? b.message : DEFAULT_LOCKOUT_MESSAGE,
  };
}

/** A refusal because of the player's own time-out or self-exclusion (docs/decisions/020). */
export interface Restriction {
  code: 'TIMED_OUT' | 'SELF_EXCLUDED';
  /** When it ends; null when the answer did not say (then `message` is the server's words). */
  until: Date | null;
  message: string;
}

/** The time-out or self-exclusion an API error reports, or null for any other error. */
export function restrictionOf(error: unknown): Restriction | null {
  if (!(error instanceof ApiError)) return null;
  const body = (error.body ?? {}) as { code?: unknown; until?: unknown; error?: unknown };
  if (body.code !== 'TIMED_OUT' && body.code !== 'SELF_EXCLUDED') return null;
  const until = typeof body.until === 'string' ? new Date(body.until) : null;
  return {
    code: body.code,
    until: until && !Number.isNaN(until.getTime()) ? until : null,
    message: typeof body.error === 'string' ? body.error : error.message,
  };
}

/**
 * The server's own words for a refusal (e.g. 'Maximum withdrawal amount is KES 150,000'), or null
 * when there are none to show: no answer, a server error, or a body without `error`.
 */
export function refusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status >= 500) return null;
  const body = error.body as { error?: unknown } | null;
  return body && typeof body === 'object' && typeof body.error === 'string' && body.error ? body.error : null;
}
