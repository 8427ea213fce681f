import type { FeatureName } from '@mchezo/contracts/config';
import { Navigate, useLocation, useNavigate } from '@mchezo/host/router';
import { type ReactNode, useEffect } from 'react';
import { UnavailablePage } from '../pages/unavailable-page.tsx';
import { isAuthenticated, useAuthStore } from '../stores/auth.store.ts';
import { isFeatureEnabled, useConfigStore } from '../stores/config.store.ts';
import { session } from '../stores/session-storage.ts';
import type { Access } from './route-table.ts';

/**
 * How long a pending player sees the current page before going to /verify
 * (docs/product-rules.md#access-guards).
 */
const VERIFY_REDIRECT_DELAY_MS = 100;

function RedirectToVerify() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    session.set('redirectAfterVerification', location.pathname + location.search);
    const timer = setTimeout(() => navigate('/verify', { replace: true }), VERIFY_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate, location.pathname, location.search]);
  return null;
}

export function AccessGuard({ access, children }: { access: Access; children: ReactNode }) {
  const location = useLocation();
  const user = useAuthStore((s) => s.user);
  const isLoading = useAuthStore((s) => s.isLoading);
  const leaving = useAuthStore((s) => s.leaving);
  if (access === 'public') return children;
  if (leaving) return null;
  // Still asking the server whether the player is signed in (a reload, decision 034): the page's
  // slot keeps its first screen meanwhile and renders the page only once the answer is in
  // (remote-page.tsx), so nothing is decided on a guess.
  if (isLoading) return children;
  const signedIn = isAuthenticated(user);
  const pending = user?.status === 'pending_verification';

  if (access === 'guest') return signedIn && !pending ? <Navigate to="/" replace /> : children;
  if (access === 'pending') {
    if (!signedIn) return <Navigate to="/login" replace />;
    return pending ? children : <Navigate to="/" replace />;
  }
  // protected
  if (!signedIn) {
    // Remembered so login (or verification) can return here (docs/product-rules.md#access-guards).
    session.set('redirectAfterVerification', location.pathname + location.search);
    // An ended session (lockout.ts) is on its way to the login page that says why. This render
    // can come before that navigation lands, and must send the player to the same place.
    const locked = session.get('lockoutMessage') !== null;
    return <Navigate to={locked ? '/login?locked=true' : '/login'} replace />;
  }
  if (pending) return <RedirectToVerify />;
  return children;
}

export function FeatureGate({
  feature,
  children,
}: {
  feature?: FeatureName | undefined;
  children: ReactNode;
}) {
  const config = useConfigStore((s) => s.config);
  if (feature && !isFeatureEnabled(config, feature)) return <UnavailablePage reason="feature-off" />;
  return children;
}
