import type { TFunction } from 'i18next';
import { errorCode } from '../../api/client.ts';

/** Plain words for the refusals of role and authenticator changes; null: the server's own message. */
export function adminError(error: unknown, t: TFunction): string | null {
  switch (errorCode(error)) {
    case 'OWN_ROLES':
      return t('errors.ownRoles');
    case 'ROLE_CONFIGURED':
      return t('errors.roleConfigured');
    case 'ROLE_HELD':
      return t('errors.roleHeld');
    case 'ROLE_NOT_HELD':
      return t('errors.roleNotHeld');
    case 'GRANT_PENDING':
      return t('errors.grantPending');
    case 'GRANT_NOT_PENDING':
      return t('errors.grantNotPending');
    case 'NOT_ENROLLED':
      return t('errors.notEnrolled');
    case 'SESSION_ENDED':
      return t('errors.sessionEnded');
    default:
      return null;
  }
}
