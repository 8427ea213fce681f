import type { Game, GameCategory } from '@mchezo/contracts/casino';
import { GAME_CATEGORY_ORDER } from '@mchezo/contracts/casino-constants';
import { Button } from '@mchezo/ui/button';
import { Spinner } from '@mchezo/ui/spinner';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useGames } from '../api/games.ts';
import { useLobbyTranslation } from '../i18n/namespace.ts';
import '../styles.css';

type Tab = 'all' | GameCategory;
const TABS: readonly { id: Tab; labelKey: string }[] = [
  { id: 'all', labelKey: 'tabs.all' },
  { id: 'slots', labelKey: 'tabs.slots' },
  { id: 'spin', labelKey: 'tabs.spin' },
  { id: 'sports', labelKey: 'tabs.live' },
  { id: 'live_sports', labelKey: 'tabs.sport' },
];

function GameCard({ game, eager }: { game: Game; eager: boolean }) {
  return (
    <Link
      to={`/game/${encodeURIComponent(game.name)}?gameId=${encodeURIComponent(game.game_id)}`}
      className="group block overflow-hidden rounded-xl border border-line bg-surface focus-visible:outline-2 focus-visible:outline-brand"
    >
      <img
        src={game.thumbnail_url}
        alt=""
        width={320}
        height={240}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="aspect-[4/3] w-full bg-surface-2 object-cover"
      />
      <span className="block truncate px-2 py-1.5 text-sm font-semibold">{game.name}</span>
    </Link>
  );
}

function GameGrid({ games, eagerCount }: { games: Game[]; eagerCount: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3">
      {games.map((g, i) => (
        <li key={g.game_id}>
          <GameCard game={g} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

export default function HomePage() {
  const { t, ready } = useLobbyTranslation();
  const games = useGames();
  const [tab, setTab] = useState<Tab>('all');
  const tabsId = useId();
  if (!ready) return <Spinner label="…" />;

  const list = games.data?.games ?? [];
  const byCategory = (c: GameCategory) => list.filter((g) => g.category === c);

  let body: React.ReactNode;
  if (games.isPending) body = <Spinner label={t('games.loading')} />;
  else if (games.isError) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-muted">{t('games.error')}</p>
        <Button onClick={() => games.refetch()}>{t('games.retry')}</Button>
      </div>
    );
  } else if (tab === 'all') {
    body = GAME_CATEGORY_ORDER.filter((c) => byCategory(c).length > 0).map((c, i) => (
      <section key={c} aria-labelledby={`${tabsId}-${c}`} className="space-y-2">
        <h2 id={`${tabsId}-${c}`} className="text-base font-bold">
          {t(`categories.${c}`)}
        </h2>
        <GameGrid games={byCategory(c)} eagerCount={i === 0 ? 4 : 0} />
      </section>
    ));
  } else {
    const games = byCategory(tab);
    body = games.length ? <GameGrid games={games} eagerCount={4} /> : <p className="py-8 text-center text-muted">{t('games.empty')}</p>;
  }

  return (
    <div className="space-y-4 px-3 py-4">
      <div role="tablist" aria-label={t('tabs.label')} className="flex gap-2 overflow-x-auto pb-1">
        {TABS.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`${tabsId}-tab-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls={`${tabsId}-panel`}
            onClick={() => setTab(item.id)}
            className={`min-h-10 shrink-0 rounded-full px-4 text-sm font-semibold ${tab === item.id ? 'bg-brand text-ink' : 'bg-surface-2 text-text'}`}
          >
            {t(item.labelKey)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-tab-${tab}`} className="space-y-5">
        {body}
      </div>
    </div>
  );
}
