/** What a refused staff sign-in means to the person, by the API's code (decision 052). */
import { ApiError } from '@mchezo/api-client/errors';
import type { TFunction } from 'i18next';
import { errorCode } from '../../api/client.ts';

export type SignInOutcome =
  | { kind: 'code_needed' }
  | { kind: 'not_enrolled' }
  | { kind: 'message'; text: string; field: 'password' | 'code' | 'form' };

/** "Try again in N minutes", from a 429's `retry_after_seconds`. */
export function lockedText(error: unknown, t: TFunction): string {
  const body = (error instanceof ApiError ? error.body : null) as { retry_after_seconds?: unknown } | null;
  const seconds = typeof body?.retry_after_seconds === 'number' ? body.retry_after_seconds : 60;
  return t('signIn.errors.locked', { count: Math.max(1, Math.ceil(seconds / 60)) });
}

/** `t` is the 'access' namespace's. */
export function signInOutcome(error: unknown, t: TFunction): SignInOutcome {
  const code = errorCode(error);
  switch (code) {
    case 'CODE_REQUIRED':
      return { kind: 'code_needed' };
    case 'TWO_FACTOR_NOT_ENROLLED':
      return { kind: 'not_enrolled' };
    case 'INVALID_CREDENTIALS':
      return { kind: 'message', text: t('signIn.errors.credentials'), field: 'password' };
    case 'CODE_INVALID':
      return { kind: 'message', text: t('signIn.errors.codeInvalid'), field: 'code' };
    case 'CODE_USED':
      return { kind: 'message', text: t('signIn.errors.codeUsed'), field: 'code' };
    case 'RATE_LIMITED':
      return { kind: 'message', text: lockedText(error, t), field: 'form' };
    case 'ACCOUNT_SUSPENDED':
      return { kind: 'message', text: t('signIn.errors.suspended'), field: 'form' };
    case 'NEEDS_VERIFICATION':
      return { kind: 'message', text: t('signIn.errors.verify'), field: 'form' };
    case 'STAFF_ROLE_REQUIRED':
      return { kind: 'message', text: t('signIn.errors.notStaff'), field: 'form' };
    default:
      return {
        kind: 'message',
        text: error instanceof ApiError && error.status < 500 ? error.message : t('signIn.errors.generic'),
        field: 'form',
      };
  }
}
