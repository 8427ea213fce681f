import { ApiError } from '@mchezo/api-client/errors';

/**
 * The server's own words for a refusal (e.g. 'Maximum withdrawal amount is KES 150,000'), or
 * null when there are none to show: no answer, a server error, or a body without `error`.
 */
export function refusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status >= 500) return null;
  const body = error.body as { error?: unknown } | null;
  return body && typeof body === 'object' && typeof body.error === 'string' && body.error ? body.error : null;
}
