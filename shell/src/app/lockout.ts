import { LOCKOUT_EVENT, type LockoutDetail } from '@mchezo/api-client/errors';
import { useNavigate } from '@mchezo/host/router';
import { useEffect } from 'react';
import { useAuthStore } from '../stores/auth.store.ts';
import { session } from '../stores/session-storage.ts';

/**
 * On `auth:lockout`: clear the session, keep the message for the login page, go there
 * (docs/product-rules.md#lockout).
 */
export function useLockoutRedirect(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onLockout = (event: Event) => {
      const detail = (event as CustomEvent<LockoutDetail>).detail;
      useAuthStore.getState().clearSession();
      session.set('lockoutMessage', detail.message);
      navigate('/login?locked=true', { replace: true });
    };
    window.addEventListener(LOCKOUT_EVENT, onLockout);
    return () => window.removeEventListener(LOCKOUT_EVENT, onLockout);
  }, [navigate]);
}
