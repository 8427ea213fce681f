import type { FeatureName } from '@mchezo/contracts/config';
import type { RemoteName } from '@mchezo/contracts/releases';
import { NavLink, useLocation } from '@mchezo/host/router';
import { useTranslation } from '@mchezo/i18n/react';
import { useRemoteEnabled } from '../federation/use-remote-enabled.ts';
import { isFeatureEnabled, useConfigStore } from '../stores/config.store.ts';
import { NavIcon, type NavIconName } from './nav-icons.tsx';

interface NavItem {
  to: string;
  labelKey: string;
  icon: NavIconName;
  remote: RemoteName;
  feature?: FeatureName;
}

const ITEMS: readonly NavItem[] = [
  { to: '/', labelKey: 'nav.home', icon: 'home', remote: 'lobby' },
  { to: '/deposit', labelKey: 'nav.deposit', icon: 'deposit', remote: 'wallet', feature: 'wallet_enabled' },
  {
    to: '/withdraw',
    labelKey: 'nav.withdraw',
    icon: 'withdraw',
    remote: 'wallet',
    feature: 'wallet_enabled',
  },
  {
    to: '/affiliate',
    labelKey: 'nav.affiliate',
    icon: 'affiliate',
    remote: 'profile',
    feature: 'affiliate_enabled',
  },
  { to: '/profile', labelKey: 'nav.profile', icon: 'profile', remote: 'profile' },
];

/** Items hide when their feature flag is off or the release manifest switches their remote off. */
export function BottomNav() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const config = useConfigStore((s) => s.config);
  const enabled: Record<RemoteName, boolean> = {
    lobby: useRemoteEnabled('lobby'),
    auth: true,
    wallet: useRemoteEnabled('wallet'),
    profile: useRemoteEnabled('profile'),
  };
  if (pathname.startsWith('/game/')) return null;
  const items = ITEMS.filter(
    (item) => enabled[item.remote] && (!item.feature || isFeatureEnabled(config, item.feature)),
  );
  return (
    <nav
      aria-label={t('nav.label')}
      className="fixed inset-x-0 bottom-0 z-30 mx-auto flex max-w-md border-t border-line bg-surface pb-[env(safe-area-inset-bottom)]"
    >
      {items.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end={item.to === '/'}
          className={({ isActive }) =>
            `flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs ${isActive ? 'text-brand' : 'text-muted'}`
          }
        >
          <NavIcon name={item.icon} />
          {t(item.labelKey)}
        </NavLink>
      ))}
    </nav>
  );
}
