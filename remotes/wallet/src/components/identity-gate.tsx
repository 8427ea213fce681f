import { IDENTITY_PROFILE_PATH, identityRequired } from '@mchezo/host/queries/identity';
import { Link } from '@mchezo/host/router';
import type { ReactNode } from 'react';
import { useIdentity } from '../api/identity.ts';
import { useWalletTranslation } from '../i18n/namespace.ts';

/**
 * Money moves only for a player whose identity is confirmed (docs/decisions/019-age-and-identity.md):
 * until then the form is replaced by what to do and a link to the profile's identity card. While
 * the identity is unknown (loading, or unreadable) the form shows: the API still refuses.
 */
export function IdentityGate({ action, children }: { action: 'deposit' | 'withdraw'; children: ReactNode }) {
  const { t } = useWalletTranslation();
  const identity = useIdentity();
  if (!identityRequired(identity.data)) return children;
  return (
    <div role="alert" className="space-y-3 rounded-xl border border-warning/50 bg-warning/10 p-4 text-sm">
      <p className="font-semibold">{t('identity.title')}</p>
      <p>{t(`identity.${action}`)}</p>
      <Link
        to={IDENTITY_PROFILE_PATH}
        className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
      >
        {t('identity.link')}
        <span aria-hidden="true">→</span>
      </Link>
    </div>
  );
}
