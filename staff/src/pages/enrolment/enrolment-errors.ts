import type { TFunction } from 'i18next';
import { errorCode } from '../../api/client.ts';
import { lockedText } from '../sign-in/sign-in-errors.ts';

/** Plain words for the refusals enrolment meets most; null: the server's own message. */
export function enrolmentError(error: unknown, t: TFunction): string | null {
  switch (errorCode(error)) {
    case 'INVALID_CREDENTIALS':
      return t('signIn.errors.credentials');
    case 'ALREADY_ENROLLED':
      return t('enrol.errors.alreadyEnrolled');
    case 'STAFF_ROLE_REQUIRED':
      return t('signIn.errors.notStaff');
    case 'CODE_INVALID':
      return t('signIn.errors.codeInvalid');
    case 'CODE_USED':
      return t('signIn.errors.codeUsed');
    case 'ENROLMENT_CODE_REQUIRED':
      return t('enrol.errors.codeRequired');
    case 'ENROLMENT_CODE_INVALID':
      return t('enrol.errors.codeInvalid');
    case 'RATE_LIMITED':
      return lockedText(error, t);
    default:
      return null;
  }
}
