import { restrictionOf } from '@mchezo/api-client/errors';
import { kenyaDateTime } from '@mchezo/i18n/intl';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A launch refused during the player's time-out or self-exclusion, in the player's language with
 * the end date (Kenya time); null for any other error.
 */
export function restrictionMessage(error: unknown, t: Translate, locale: string): string | null {
  const restriction = restrictionOf(error);
  if (!restriction?.until) return restriction?.message ?? null;
  const date = kenyaDateTime(restriction.until, locale);
  return t(restriction.code === 'TIMED_OUT' ? 'game.timedOut' : 'game.selfExcluded', { date });
}
