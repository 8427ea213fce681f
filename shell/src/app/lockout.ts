import { LOCKOUT_EVENT, type LockoutDetail } from '@mchezo/api-client/errors';
import { useNavigate } from '@mchezo/host/router';
import { useEffect } from 'react';
import { useAuthStore } from '../stores/auth.store.ts';
import { session } from '../stores/session-storage.ts';

/**
 * On `auth:lockout`, or a session found ended at start (the refresh that asks whether the player
 * is signed in was refused with `locked_out`): clear the session, keep the message for the login
 * page, go there (docs/product-rules.md#lockout).
 */
export function useLockoutRedirect(): void {
  const navigate = useNavigate();
  const endedAtStart = useAuthStore((s) => s.endedAtStart);
  useEffect(() => {
    const onLockout = (event: Event) => endSession((event as CustomEvent<LockoutDetail>).detail);
    const endSession = (detail: LockoutDetail) => {
      useAuthStore.getState().clearSession();
      session.set('lockoutMessage', detail.message);
      navigate('/login?locked=true', { replace: true });
    };
    if (endedAtStart) {
      useAuthStore.setState({ endedAtStart: null });
      endSession(endedAtStart);
    }
    window.addEventListener(LOCKOUT_EVENT, onLockout);
    return () => window.removeEventListener(LOCKOUT_EVENT, onLockout);
  }, [navigate, endedAtStart]);
}
