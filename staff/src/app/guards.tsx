/**
 * The route guards: no staff session -> the sign-in screen (which comes back here after); a
 * session without one of the screen's roles -> "not allowed" (the API refuses those calls anyway).
 */
import type { StaffRoleName } from '@mchezo/contracts/staff';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { PageHeader } from '../components/page-header.tsx';
import { useSession } from '../session/session-store.ts';
import { allows } from './routes.tsx';

export function RequireSession({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const location = useLocation();
  if (!token) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to="/sign-in" replace state={{ next }} />;
  }
  return children;
}

export function RequireRole({
  roles,
  children,
}: {
  roles: readonly StaffRoleName[] | 'any';
  children: ReactNode;
}) {
  const member = useSession((s) => s.member);
  const { t } = useTranslation('common');
  if (member && allows({ roles }, member.roles)) return children;
  return (
    <div>
      <PageHeader title={t('guard.title')} description={t('guard.body')} />
      <Link to="/" className="font-semibold text-brand underline">
        {t('guard.home')}
      </Link>
    </div>
  );
}
