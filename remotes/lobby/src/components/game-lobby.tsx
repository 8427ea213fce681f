import type { Game } from '@mchezo/contracts/casino';
import { GAME_CATEGORY_ORDER, type GameCategoryName } from '@mchezo/contracts/casino-constants';
import { Button } from '@mchezo/ui/button';
import { Spinner } from '@mchezo/ui/spinner';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useGames } from '../api/games.ts';
import { CATEGORY_PLAYERS } from '../data/static-lobby-content.ts';
import { useLobbyTranslation } from '../i18n/namespace.ts';
import { GameGrid } from './game-grid.tsx';

type Tab = 'all' | GameCategoryName;

/**
 * The tabs (docs/product-rules.md#home): All, Slots, Spin, Live (category sports), Sport (category
 * live_sports).
 */
const TABS: readonly { id: Tab; labelKey: string }[] = [
  { id: 'all', labelKey: 'tabs.all' },
  { id: 'slots', labelKey: 'tabs.slots' },
  { id: 'spin', labelKey: 'tabs.spin' },
  { id: 'sports', labelKey: 'tabs.live' },
  { id: 'live_sports', labelKey: 'tabs.sport' },
];

const playersOf = (tab: Tab): number =>
  tab === 'all'
    ? GAME_CATEGORY_ORDER.reduce((sum, c) => sum + CATEGORY_PLAYERS[c], 0)
    : CATEGORY_PLAYERS[tab];

/** The All tab's groups: lobby order, empty categories left out. */
function groupByCategory(games: readonly Game[]): { category: GameCategoryName; games: Game[] }[] {
  return GAME_CATEGORY_ORDER.map((category) => ({
    category,
    games: games.filter((g) => g.category === category),
  })).filter((group) => group.games.length > 0);
}

/** The lobby tabs and the games they show (an ARIA tabs widget: arrows, Home and End move). */
export function GameLobby() {
  const { t } = useLobbyTranslation();
  const games = useGames();
  const [tab, setTab] = useState<Tab>('all');
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const last = TABS.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? i === last
          ? 0
          : i + 1
        : e.key === 'ArrowLeft'
          ? i === 0
            ? last
            : i - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    setTab(TABS[next]!.id);
    tabRefs.current[next]?.focus();
  };

  const list = games.data?.games;
  let body: React.ReactNode;
  // Cached or earlier data stays on screen even when a background refresh fails.
  if (list) {
    if (tab === 'all') {
      body = groupByCategory(list).map(({ category, games: group }, i) => (
        <section key={category} aria-labelledby={`${baseId}-${category}`} className="space-y-2">
          <h2 id={`${baseId}-${category}`} className="text-base font-bold">
            {t(`categories.${category}`)}
          </h2>
          <GameGrid games={group} eagerCount={i === 0 ? 2 : 0} />
        </section>
      ));
      if (list.length === 0) body = <p className="py-8 text-center text-muted">{t('games.none')}</p>;
    } else {
      const one = list.filter((g) => g.category === tab);
      body = one.length ? (
        <GameGrid games={one} eagerCount={2} />
      ) : (
        <p className="py-8 text-center text-muted">{t('games.empty')}</p>
      );
    }
  } else if (games.isError) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-muted">{t('games.error')}</p>
        <Button onClick={() => games.refetch()}>{t('games.retry')}</Button>
      </div>
    );
  } else {
    body = <Spinner label={t('games.loading')} className="min-h-48" />;
  }

  return (
    <div className="space-y-4">
      <div role="tablist" aria-label={t('tabs.label')} className="-mx-3 flex gap-2 overflow-x-auto px-3 pb-1">
        {TABS.map((item, i) => {
          const selected = tab === item.id;
          return (
            <button
              key={item.id}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setTab(item.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={`flex min-h-12 shrink-0 flex-col items-center justify-center rounded-xl px-4 leading-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${selected ? 'bg-brand text-ink' : 'bg-surface-2 text-text'}`}
            >
              <span className="text-sm font-semibold">{t(item.labelKey)}</span>
              <span className={`text-[11px] ${selected ? 'text-ink/80' : 'text-muted'}`}>
                {t('players', { n: playersOf(item.id) })}
              </span>
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${tab}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the APG tabs pattern makes the panel focusable.
        tabIndex={0}
        className="space-y-5 focus-visible:outline-2 focus-visible:outline-brand"
      >
        {body}
      </div>
    </div>
  );
}
