import { useAuth, useHost } from '@mchezo/host/context';
import { IDENTITY_KEY } from '@mchezo/host/queries/identity';
import { WALLET_KEY } from '@mchezo/host/queries/wallet-balance';
import { useQueryClient } from '@mchezo/host/query';
import { Button } from '@mchezo/ui/button';
import { Spinner } from '@mchezo/ui/spinner';
import { useState } from 'react';
import { AccountDetails } from '../components/account-details.tsx';
import { BalancesCard } from '../components/balances-card.tsx';
import { IdentityCard } from '../components/identity-card.tsx';
import { LinkButton } from '../components/link-button.tsx';
import { VerifyPrompt } from '../components/verify-prompt.tsx';
import { useProfileTranslation } from '../i18n/namespace.ts';
import '../styles.css';

/**
 * `/profile`: who is signed in, the account's status and roles, their identity (`#identity`), the
 * wallet's pots, and sign out.
 */
export default function ProfilePage() {
  const { t, ready } = useProfileTranslation();
  const host = useHost();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);

  if (!ready) return <Spinner label="…" className="min-h-[50vh]" />;
  // Until the session is restored (and in the first screen the build renders from this page):
  // the heading and the details card with blank values, so nothing moves when the player arrives.
  if (auth.isLoading)
    return (
      <div aria-busy="true" className="space-y-4 px-3 py-4">
        <h1 className="text-xl font-bold">{t('title')}</h1>
        <p role="status" className="sr-only">
          {t('loading')}
        </p>
        <AccountDetails user={null} />
      </div>
    );
  // The shell's guard sends a guest to /login; until then there is nothing to show.
  const user = auth.user;
  if (!user) return null;
  const pending = user.status === 'pending_verification';

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

      <AccountDetails user={user} />

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
