import { ApiError } from '@mchezo/api-client/errors';

/**
 * What a failure toast says (spec §8): the server's own message when it sent one; otherwise
 * the call's fallback when the server answered without one, and the toast's generic text
 * when the call never got an answer (offline, say).
 */
export function failureMessage(error: unknown, fallbacks: { answered: string; unanswered: string }): string {
  if (error instanceof ApiError) {
    const body = error.body as { error?: unknown } | null;
    return typeof body?.error === 'string' && body.error ? body.error : fallbacks.answered;
  }
  return fallbacks.unanswered;
}
