import { ApiError, restrictionOf } from '@mchezo/api-client/errors';
import type { ErrorResponse } from '@mchezo/contracts/errors';
import { kenyaDateTime } from '@mchezo/i18n/intl';
import { formatMoney } from '@mchezo/i18n/money';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A deposit refused by the player's own safer-gambling settings (docs/product-rules.md#safer-gambling),
 * in the player's language: the limit and what is left, or when the time-out or self-exclusion
 * ends. Null for any other error; the server's English message when a field is missing.
 */
export function saferRefusal(error: unknown, t: Translate, locale: string): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = (error.body ?? {}) as Partial<ErrorResponse>;
  if (body.code === 'DEPOSIT_LIMIT_EXCEEDED') {
    if (!body.limit_period || body.limit === undefined || body.remaining === undefined)
      return body.error ?? null;
    return t(`safer.limit.${body.limit_period}`, {
      limit: formatMoney(body.limit, 'KES', locale),
      remaining: formatMoney(body.remaining, 'KES', locale),
    });
  }
  const restriction = restrictionOf(error);
  if (restriction) {
    if (!restriction.until) return restriction.message;
    const date = kenyaDateTime(restriction.until, locale);
    return t(restriction.code === 'TIMED_OUT' ? 'safer.timedOut' : 'safer.selfExcluded', { date });
  }
  return null;
}
