import { ApiError } from '@mchezo/api-client/errors';
import { dateTimeFormat } from '@mchezo/i18n/intl';

/** A date and time in the player's language, in Kenya time (where the limits' days turn). */
export function kenyaDateTime(iso: string, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Nairobi' }).format(
    new Date(iso),
  );
}

/** The server's own words for a refusal, or null (no answer, a server error, no message). */
export function refusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status >= 500) return null;
  const body = error.body as { error?: unknown } | null;
  return body && typeof body.error === 'string' && body.error ? body.error : null;
}
