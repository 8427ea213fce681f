import { ApiError } from '@mchezo/api-client/errors';

/**
 * What a failure toast says (docs/product-rules.md#failure-messages): the server's own message
 * when it sent one; otherwise the call's fallback when the server answered without one, and the
 * toast's generic text when the call never got an answer (offline, say).
 */
export function failureMessage(error: unknown, fallbacks: { answered: string; unanswered: string }): string {
  if (error instanceof ApiError) {
    const body = error.body as { error?: unknown } | null;
    return typeof body?.error === 'string' && body.error ? body.error : fallbacks.answered;
  }
  return fallbacks.unanswered;
}

/**
 * Whether a failed call was a lockout (a 401 with `locked_out`, e.g. a suspended account): the
 * shell answers it with the login page's "Session Expired" alert, so the page adds no toast.
 * Written here, on `ApiError` alone, rather than as a new export of the shared api-client: a
 * remote runs on the live shell's copy of shared modules, which may not have a new name yet.
 */
export function isLockout(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  const body = error.body as { locked_out?: unknown } | null;
  return body?.locked_out === true;
}

/**
 * Whether a verification was refused for its ticket, not its code (spent, expired or another
 * account's: docs/decisions/062-verification-tickets.md): the player signs in again for a new one.
 */
export function isExpiredVerification(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  const body = error.body as { code?: unknown } | null;
  return body?.code === 'VERIFICATION_EXPIRED';
}
