import type { Game } from '@mchezo/contracts/casino';
import { Link } from '@mchezo/host/router';

/** The game route (docs/product-rules.md#routes): `/game/{title}?gameId={id}`. */
export const gamePath = (title: string, gameId: string) =>
  `/game/${encodeURIComponent(title)}?gameId=${encodeURIComponent(gameId)}`;

/** Thumbnails are 320×240 (the API's SVGs); the size is set so the grid never shifts. */
const THUMB = { width: 320, height: 240 } as const;

function GameCard({ game, eager }: { game: Game; eager: boolean }) {
  return (
    <Link
      to={gamePath(game.name, game.game_id)}
      className="group block h-full overflow-hidden rounded-xl border border-line bg-surface focus-visible:outline-2 focus-visible:outline-brand"
    >
      <img
        src={game.thumbnail_url}
        alt=""
        width={THUMB.width}
        height={THUMB.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="aspect-[4/3] w-full bg-surface-2 object-cover"
      />
      {/* Wraps rather than cut a long name ("Virtual Horse Racing") at 360 px. */}
      <span className="block px-2 py-1.5 text-sm leading-snug font-semibold break-words">{game.name}</span>
    </Link>
  );
}

/**
 * Two columns (docs/product-rules.md#home); the first `eagerCount` images may be on the first
 * screen.
 */
export function GameGrid({ games, eagerCount }: { games: readonly Game[]; eagerCount: number }) {
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
