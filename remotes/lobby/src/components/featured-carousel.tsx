import { fromCents } from '@mchezo/contracts/money';
import { Link } from '@mchezo/host/router';
import { formatMoney } from '@mchezo/i18n/money';
import { useId, useRef, useState } from 'react';
import { CURRENCY, FEATURED_GAMES } from '../data/static-lobby-content.ts';
import { useReducedMotion } from '../hooks/use-reduced-motion.ts';
import { useLobbyTranslation } from '../i18n/namespace.ts';
import { gamePath } from './game-grid.tsx';

/**
 * The three featured games (docs/product-rules.md#home): a hand-written, looping carousel on CSS
 * scroll-snap (swipe is the browser's own scrolling; no carousel library). Previous/next wrap
 * around; the position is announced after a button move.
 */
export function FeaturedCarousel() {
  const { t, locale } = useLobbyTranslation();
  const reduced = useReducedMotion();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [announce, setAnnounce] = useState(false);
  const total = FEATURED_GAMES.length;
  const titleId = useId();

  const go = (next: number) => {
    const i = (next + total) % total;
    setIndex(i);
    setAnnounce(true);
    const el = track.current;
    const slide = el?.children[i] as HTMLElement | undefined;
    if (el && slide) el.scrollTo?.({ left: slide.offsetLeft, behavior: reduced ? 'auto' : 'smooth' });
  };

  // Swiping moves the track: follow it so the buttons continue from what is shown.
  const onScroll = () => {
    const el = track.current;
    const first = el?.firstElementChild as HTMLElement | null | undefined;
    if (!el || !first || first.offsetWidth === 0) return;
    setIndex(Math.min(total - 1, Math.round(el.scrollLeft / first.offsetWidth)));
  };

  const current = FEATURED_GAMES[index]!;
  return (
    <section aria-roledescription={t('featured.carousel')} aria-labelledby={titleId} className="space-y-2">
      <div className="flex items-center justify-between">
        <h2 id={titleId} className="text-base font-bold">
          {t('featured.label')}
        </h2>
        <div className="flex">
          <ArrowButton label={t('featured.previous')} onClick={() => go(index - 1)} direction="previous" />
          <ArrowButton label={t('featured.next')} onClick={() => go(index + 1)} direction="next" />
        </div>
      </div>
      <div
        ref={track}
        onScroll={onScroll}
        className="relative flex snap-x snap-mandatory gap-3 overflow-x-auto overscroll-x-contain [scrollbar-width:none] motion-safe:scroll-smooth"
      >
        {FEATURED_GAMES.map((game, i) => (
          // biome-ignore lint/a11y/useSemanticElements: a slide is a group (APG carousel), not a form fieldset.
          <div
            key={game.gameId}
            role="group"
            aria-roledescription={t('featured.slide')}
            aria-label={t('featured.position', { n: i + 1, total })}
            className="w-[85%] shrink-0 snap-start"
          >
            <div
              className="flex h-32 flex-col justify-between rounded-2xl p-4 text-white"
              style={{ backgroundImage: `linear-gradient(135deg, ${game.colors[0]}, ${game.colors[1]})` }}
            >
              <div>
                <p className="text-lg leading-tight font-extrabold">{game.title}</p>
                <p className="text-sm text-white/90">{t('featured.players', { n: game.players })}</p>
              </div>
              <div className="flex items-end justify-between gap-2">
                <p className="text-sm">
                  <span className="block text-xs text-white/80">{t('featured.prize')}</span>
                  <span className="font-bold">
                    {formatMoney(fromCents(game.prizeCents), CURRENCY, locale)}
                  </span>
                </p>
                <Link
                  to={gamePath(game.title, game.gameId)}
                  aria-label={t('featured.play', { title: game.title })}
                  className="inline-flex min-h-11 items-center rounded-lg bg-ink/80 px-4 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-white"
                >
                  {t('featured.playShort')}
                </Link>
              </div>
            </div>
          </div>
        ))}
      </div>
      <p aria-live="polite" className="sr-only">
        {announce ? t('featured.current', { title: current.title, n: index + 1, total }) : ''}
      </p>
    </section>
  );
}

function ArrowButton({
  label,
  onClick,
  direction,
}: {
  label: string;
  onClick(): void;
  direction: 'previous' | 'next';
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="inline-flex size-11 items-center justify-center rounded-full text-text focus-visible:outline-2 focus-visible:outline-brand"
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 fill-none stroke-current stroke-2">
        <path d={direction === 'previous' ? 'M10 3 5 8l5 5' : 'M6 3l5 5-5 5'} />
      </svg>
    </button>
  );
}
