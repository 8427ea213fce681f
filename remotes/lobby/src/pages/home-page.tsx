import { lazy, Suspense } from 'react';
import { useGames } from '../api/games.ts';
import { FeaturedCarousel } from '../components/featured-carousel.tsx';
import { GameLobby } from '../components/game-lobby.tsx';
import { PromoBanner } from '../components/promo-banner.tsx';
import { WhenNearViewport } from '../components/when-near-viewport.tsx';
import { WinTicker } from '../components/win-ticker.tsx';
import { useLobbyTranslation } from '../i18n/namespace.ts';
import '../styles.css';

// Below the fold: its own chunk, fetched only when the player scrolls near it.
const LatestWinners = lazy(() => import('../components/latest-winners.tsx'));

/** Height the Latest Winner list takes (heading row + 5 rows of h-14 + padding). */
const WINNERS_HEIGHT = '21.5rem';

/**
 * Home (docs/product-rules.md#home): promos, ticker, featured games, the lobby tabs, the Latest
 * Winner list. The promo banner renders before the strings arrive (it is the largest paint); the
 * parts above the games keep fixed heights so nothing moves when they fill in.
 */
export default function HomePage() {
  const { ready, t } = useLobbyTranslation();
  // Started here, not in the lobby below: the games load while the strings do.
  const games = useGames();
  return (
    <div className="min-h-dvh space-y-4 px-3 py-4">
      {/* The page's title for screen readers and the outline; the promo is its visual top. */}
      {ready ? <h1 className="sr-only">{t('home.title')}</h1> : null}
      <PromoBanner />
      {ready ? (
        <>
          <WinTicker />
          <FeaturedCarousel />
          <GameLobby />
          {/* Until the games are in, the list's place is on the first screen: wait for them. */}
          {games.data ? (
            <WhenNearViewport minHeight={WINNERS_HEIGHT}>
              <Suspense fallback={null}>
                <LatestWinners />
              </Suspense>
            </WhenNearViewport>
          ) : null}
        </>
      ) : (
        // Same heights as the ticker, the carousel and the tabs: no shift when they fill in.
        <div aria-hidden="true" className="space-y-4">
          <div className="h-11 rounded-xl bg-surface" />
          <div className="h-[11.25rem]" />
        </div>
      )}
    </div>
  );
}
