import { useHost } from '@mchezo/host/context';
import { useLocation } from '@mchezo/host/router';
import { type ReactNode, useState } from 'react';
import { OverrideBanner } from '../federation/override-banner.tsx';
import { HelpButton } from '../support/help-button.tsx';
import { HelpPanel } from '../support/help-panel.tsx';
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
 * The draggable help button lives on the home screen (docs/product-rules.md#layout): it opens the
 * support chat when one is configured, else the help panel with the support contacts.
 */
function HomeHelpButton() {
  const { support } = useHost();
  const { pathname } = useLocation();
  const [panelOpen, setPanelOpen] = useState(false);
  if (pathname !== '/') return null;
  return (
    <>
      <HelpButton
        label={support.available ? 'chat' : 'panel'}
        onToggle={support.available ? support.toggle : () => setPanelOpen(true)}
      />
      <HelpPanel open={panelOpen} onClose={() => setPanelOpen(false)} />
    </>
  );
}
