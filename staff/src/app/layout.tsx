/**
 * The signed-in frame. Phone (below lg): a top bar with a menu button that opens the nav in a
 * modal drawer. Desktop (lg, 1024 px and up): the nav at the side. The person's roles are read
 * again from /staff/me on every visit, so a role an administrator removed leaves the nav at once.
 */
import { Button } from '@mchezo/ui/button';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { meQuery } from '../api/session.ts';
import { Modal } from '../components/modal.tsx';
import { Loading } from '../components/states.tsx';
import { useSession } from '../session/session-store.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { Nav } from './nav.tsx';
import type { StaffRoute } from './routes.tsx';
import { SignOutButton } from './sign-out-button.tsx';

export function Layout({ routes }: { routes: StaffRoute[] }) {
  const { t } = useTranslation('common');
  const member = useSession((s) => s.member);
  const refreshed = useSession((s) => s.refreshed);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuTitle = useId();
  const location = useLocation();
  const me = useQuery(meQuery());

  useEffect(() => {
    if (me.data) refreshed(me.data.member, me.data.session);
  }, [me.data, refreshed]);

  // A new screen: the drawer closes (a link in it was followed, or the browser went back).
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const who = member?.full_name || member?.phone || '';
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_1fr]">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:rounded focus:bg-surface-2 focus:p-2"
      >
        {t('layout.skip')}
      </a>
      <header className="sticky top-0 z-10 flex min-h-14 items-center justify-between gap-2 border-b border-line bg-surface px-3 lg:hidden">
        <Button
          variant="ghost"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          {t('layout.menu')}
        </Button>
        <span className="font-bold">{t('layout.brand')}</span>
        <LanguageSwitch />
      </header>
      <Modal
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        labelledBy={menuTitle}
        className="m-0 h-dvh max-h-dvh w-72 max-w-[85vw] border-r border-line p-4"
      >
        <div className="mb-4 flex items-center justify-between">
          <h2 id={menuTitle} className="font-bold">
            {t('layout.menuTitle')}
          </h2>
          <Button variant="ghost" onClick={() => setMenuOpen(false)}>
            {t('layout.close')}
          </Button>
        </div>
        <Nav routes={routes} onNavigate={() => setMenuOpen(false)} />
        <div className="mt-6 space-y-2 border-t border-line pt-4">
          <p className="text-sm text-muted">{t('layout.signedInAs', { who })}</p>
          <SignOutButton />
        </div>
      </Modal>
      <aside className="hidden border-r border-line bg-surface p-4 lg:flex lg:min-h-dvh lg:flex-col lg:gap-6">
        <p className="text-lg font-bold">{t('layout.brand')}</p>
        <Nav routes={routes} />
        <div className="mt-auto space-y-3 border-t border-line pt-4">
          <p className="text-sm text-muted">{t('layout.signedInAs', { who })}</p>
          <LanguageSwitch />
          <SignOutButton />
        </div>
      </aside>
      <main id="main" className="mx-auto w-full min-w-0 max-w-6xl p-4 lg:p-8">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
