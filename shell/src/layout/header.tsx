import { fromCents } from '@mchezo/contracts/money';
import { walletBalanceQuery, walletTotal } from '@mchezo/host/queries/wallet-balance';
import { useQuery } from '@mchezo/host/query';
import { Link } from '@mchezo/host/router';
import { formatMoney } from '@mchezo/i18n/money';
import { useLanguage } from '@mchezo/i18n/namespace';
import { useTranslation } from '@mchezo/i18n/react';
import { Button } from '@mchezo/ui/button';
import { Tooltip } from '@mchezo/ui/tooltip';
import { isAuthenticated, useAuthStore } from '../stores/auth.store.ts';
import { HEADER_CLASS, LOGO_CLASS } from './frame.ts';
import { LanguagePicker } from './language-picker.tsx';
import { NavIcon } from './nav-icons.tsx';

export function Header() {
  const { t } = useTranslation('shell');
  const user = useAuthStore((s) => s.user);
  const isLoading = useAuthStore((s) => s.isLoading);
  const logout = useAuthStore((s) => s.logout);
  const active = user?.status !== 'pending_verification';
  // While a reload asks whether the player is still signed in, the header of the player cached at
  // sign-in (balance '…'): it does not jump from Login to Logout a moment later.
  const signedIn = (isAuthenticated(user) || (isLoading && user !== null)) && active;
  const language = useLanguage();
  // Balance failures are treated as 0 (docs/product-rules.md#header-balance); the query itself
  // retries and is logged.
  const balance = useQuery({ ...walletBalanceQuery, enabled: isAuthenticated(user) && active });
  // Only when signed in: a guest's header shows no amount, and the first Intl formatter of a
  // page is costly (it loads locale data) — guests should not pay it before the first paint.
  const total = signedIn ? walletTotal(balance.data?.balances) : null;
  const totalText = total ? formatMoney(fromCents(total.cents), total.currency, language) : '';

  return (
    <header className={HEADER_CLASS}>
      <Link to="/" className={LOGO_CLASS} aria-label={t('header.home')}>
        Mchezo
      </Link>
      <LanguagePicker />
      {signedIn ? (
        <>
          <Tooltip label={t('header.balanceHint')}>
            <Link
              to="/profile"
              className="whitespace-nowrap rounded-lg border border-line bg-surface px-2 py-2 text-sm font-semibold text-text tabular-nums"
              aria-label={t('header.balance', { amount: totalText })}
              data-testid="header-balance"
            >
              {balance.isPending ? '…' : totalText}
            </Link>
          </Tooltip>
          <Button
            variant="ghost"
            className="min-w-11 shrink-0 px-2"
            onClick={() => logout({ reloadTo: location.pathname + location.search })}
          >
            <NavIcon name="logout" className="size-5" />
            {/* The word only where it fits in every language; its name stays for screen readers. */}
            <span className="sr-only min-[420px]:not-sr-only">{t('header.logout')}</span>
          </Button>
        </>
      ) : (
        <>
          <Link
            to="/login"
            className="whitespace-nowrap rounded-lg px-2 py-2 text-sm font-semibold text-text"
          >
            {t('header.login')}
          </Link>
          <Link
            to="/join"
            className="whitespace-nowrap rounded-lg bg-brand px-2.5 py-2 text-sm font-semibold text-ink"
          >
            {t('header.join')}
          </Link>
        </>
      )}
    </header>
  );
}
