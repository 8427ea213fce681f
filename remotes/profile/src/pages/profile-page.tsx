import { useAuth, useHost } from '@mchezo/host/context';
import { IDENTITY_KEY } from '@mchezo/host/queries/identity';
import { WALLET_KEY } from '@mchezo/host/queries/wallet-balance';
import { useQueryClient } from '@mchezo/host/query';
import { dateTimeFormat } from '@mchezo/i18n/intl';
import { Button } from '@mchezo/ui/button';
import { Spinner } from '@mchezo/ui/spinner';
import { type ReactNode, useId, useState } from 'react';
import { AccountStatusBadge } from '../components/account-status-badge.tsx';
import { BalancesCard } from '../components/balances-card.tsx';
import { IdentityCard } from '../components/identity-card.tsx';
import { LinkButton } from '../components/link-button.tsx';
import { VerifyPrompt } from '../components/verify-prompt.tsx';
import { useProfileTranslation } from '../i18n/namespace.ts';
import '../styles.css';

/** Month and year of an ISO date in the player's language, e.g. "January 2026" / "Januari 2026". */
function formatMemberSince(iso: string, locale: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return dateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(date);
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2.5">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 text-right font-medium break-words">{children}</dd>
    </div>
  );
}

/**
 * `/profile`: who is signed in, the account's status and roles, their identity (`#identity`), the
 * wallet's pots, and sign out.
 */
export default function ProfilePage() {
  const { t, locale, ready } = useProfileTranslation();
  const host = useHost();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);
  const headingId = useId();

  if (auth.isLoading || !ready)
    return <Spinner label={ready ? t('loading') : '…'} className="min-h-[50vh]" />;
  // The shell's guard sends a guest to /login; until then there is nothing to show.
  const user = auth.user;
  if (!user) return null;

  const pending = user.status === 'pending_verification';
  const displayName = user.phone || user.username;
  const memberSince = formatMemberSince(user.created_at, locale);
  const roles = user.roles.length > 0 ? user.roles : [user.role];

  async function signOut() {
    setSigningOut(true);
    // The host ends the session and reloads at the guest home: nothing of this player stays in
    // memory, and the protected-route guard never sees a guest on /profile on the way out.
    try {
      await host.auth.logout({ reloadTo: '/' });
    } catch (error) {
      host.reportError(error, { remote: 'profile', action: 'logout' });
    } finally {
      // The next player on this phone must not see this player's balances, even for a moment.
      queryClient.removeQueries({ queryKey: WALLET_KEY });
      queryClient.removeQueries({ queryKey: IDENTITY_KEY });
    }
  }

  return (
    <div className="space-y-4 px-3 py-4">
      <h1 className="text-xl font-bold">{t('title')}</h1>

      <section aria-labelledby={headingId} className="rounded-xl border border-line bg-surface p-4">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand/15 text-lg font-bold text-brand"
          >
            {/* The name's first letter; for a phone, its first digit (not the "+"). */}
            {(user.full_name || displayName)
              .replace(/^[^\p{L}\p{N}]+/u, '')
              .charAt(0)
              .toUpperCase() || '?'}
          </span>
          <div className="min-w-0">
            <p className="text-xs text-muted">{t('details.signedInAs')}</p>
            <h2 id={headingId} className="truncate text-lg font-bold">
              {displayName}
            </h2>
            {user.full_name ? <p className="truncate text-sm text-muted">{user.full_name}</p> : null}
          </div>
        </div>
        <dl className="mt-3 divide-y divide-line border-t border-line text-sm">
          <Row label={t('details.email')}>
            {user.email ? user.email : <span className="text-muted italic">{t('details.emailMissing')}</span>}
          </Row>
          {memberSince ? <Row label={t('details.memberSince')}>{memberSince}</Row> : null}
          <Row label={t('details.status')}>
            <AccountStatusBadge status={user.status} />
          </Row>
          <Row label={t('details.roles')}>
            <ul className="flex flex-wrap justify-end gap-1.5">
              {roles.map((role) => (
                <li key={role} className="rounded-md bg-surface-2 px-2 py-0.5 text-xs">
                  {t(`roles.${role}`, { defaultValue: role })}
                </li>
              ))}
            </ul>
          </Row>
        </dl>
      </section>

      {/* A pending account has no wallet session yet: verifying is the next step, not balances. */}
      {pending ? (
        <VerifyPrompt />
      ) : (
        <>
          <IdentityCard />
          <BalancesCard />
        </>
      )}

      <LinkButton to="/safer-gambling" variant="secondary" className="w-full">
        {t('saferLink')}
      </LinkButton>

      <Button variant="secondary" className="w-full" disabled={signingOut} onClick={signOut}>
        {signingOut ? t('signingOut') : t('signOut')}
      </Button>
    </div>
  );
}
