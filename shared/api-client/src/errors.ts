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
