import { ApiError } from '@mchezo/api-client/errors';
import type { ErrorResponse } from '@mchezo/contracts/errors';
import { dateTimeFormat } from '@mchezo/i18n/intl';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A launch refused during the player's time-out or self-exclusion, in the player's language with
 * the end date (Kenya time); null for any other error.
 */
export function restrictionMessage(error: unknown, t: Translate, locale: string): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = (error.body ?? {}) as Partial<ErrorResponse>;
  if (body.code !== 'TIMED_OUT' && body.code !== 'SELF_EXCLUDED') return null;
  const until = body.until ? new Date(body.until) : null;
  if (!until || Number.isNaN(until.getTime())) return body.error ?? null;
  const date = dateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Africa/Nairobi',
  }).format(until);
  return t(body.code === 'TIMED_OUT' ? 'game.timedOut' : 'game.selfExcluded', { date });
}
