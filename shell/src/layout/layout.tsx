import { useHost } from '@mchezo/host/context';
import { useLocation } from '@mchezo/host/router';
import type { ReactNode } from 'react';
import { OverrideBanner } from '../federation/override-banner.tsx';
import { HelpButton } from '../support/help-button.tsx';
import { BottomNav } from './bottom-nav.tsx';
import { Footer } from './footer.tsx';
import { FRAME_CLASS, MAIN_CLASS } from './frame.ts';
import { Header } from './header.tsx';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className={FRAME_CLASS}>
      <OverrideBanner />
      <Header />
      <main id="main" className={MAIN_CLASS}>
        {children}
      </main>
      <Footer />
      <BottomNav />
      <HomeHelpButton />
    </div>
  );
}

/**
 * The draggable help button lives on the home screen only (docs/product-rules.md#layout), when the
 * chat is on.
 */
function HomeHelpButton() {
  const { support } = useHost();
  const { pathname } = useLocation();
  return pathname === '/' && support.available ? <HelpButton onToggle={support.toggle} /> : null;
}
