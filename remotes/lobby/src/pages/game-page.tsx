import {
  IDENTITY_PROFILE_PATH,
  identityQuery,
  identityRequired,
  isIdentityRequiredError,
} from '@mchezo/host/queries/identity';
import { WALLET_BALANCE_KEY } from '@mchezo/host/queries/wallet-balance';
import { useQuery, useQueryClient } from '@mchezo/host/query';
import { Link, useParams, useSearchParams } from '@mchezo/host/router';
import { Spinner } from '@mchezo/ui/spinner';
import { useEffect, useState } from 'react';
import { useGameLink } from '../api/game-link.ts';
import { RealityCheck } from '../components/reality-check.tsx';
import { useLobbyTranslation } from '../i18n/namespace.ts';
import { restrictionMessage } from '../lib/restriction.ts';
import '../styles.css';

/**
 * `/game/{title}?gameId={id}` (docs/product-rules.md#game-page): 'Loading {title}...' while the
 * link is fetched, then the game full-screen in a sandboxed frame, or the failure text with a way
 * back.
 */
export default function GamePage() {
  const { t, locale, ready } = useLobbyTranslation();
  const { title = '' } = useParams();
  const [params] = useSearchParams();
  const gameId = params.get('gameId') ?? '';
  const link = useGameLink(gameId);
  // Play needs a confirmed identity (docs/decisions/019-age-and-identity.md): read alongside the
  // link (the API refuses the link too), so neither waits for the other.
  const identity = useQuery(identityQuery);
  const [frameLoaded, setFrameLoaded] = useState(false);
  const queryClient = useQueryClient();

  // Stakes and wins move the wallet while the game runs: the header shows it once the player leaves.
  useEffect(() => () => void queryClient.invalidateQueries({ queryKey: WALLET_BALANCE_KEY }), [queryClient]);

  if (!ready) return <Spinner label="…" className="min-h-[50vh]" />;

  if (identityRequired(identity.data) || isIdentityRequiredError(link.error)) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 px-6 py-16 text-center">
        <p className="font-semibold">{t('game.identityTitle')}</p>
        <p>{t('game.identity')}</p>
        <Link
          to={IDENTITY_PROFILE_PATH}
          className="inline-flex min-h-11 items-center font-semibold text-brand underline focus-visible:outline-2 focus-visible:outline-brand"
        >
          {t('game.identityLink')}
        </Link>
        <Link
          to="/"
          className="inline-flex min-h-11 items-center text-muted underline focus-visible:outline-2 focus-visible:outline-brand"
        >
          {t('game.back')}
        </Link>
      </div>
    );
  }

  if (!gameId || link.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 px-6 py-16 text-center">
        <p>{restrictionMessage(link.error, t, locale) ?? t('game.failed', { title })}</p>
        <Link
          to="/"
          className="inline-flex min-h-11 items-center font-semibold text-brand underline focus-visible:outline-2 focus-visible:outline-brand"
        >
          {t('game.back')}
        </Link>
      </div>
    );
  }

  const loading = (
    <div className="flex flex-col items-center gap-2 py-16">
      <Spinner label={t('game.loading', { title })} />
      <p aria-hidden="true">{t('game.loading', { title })}</p>
    </div>
  );
  if (link.isPending) return loading;

  return (
    <div className="fixed inset-0 z-40 flex flex-col bg-ink">
      <div className="flex h-11 shrink-0 items-center gap-2 border-b border-line bg-surface pr-3 pt-[env(safe-area-inset-top)]">
        <Link
          to="/"
          aria-label={t('game.exit')}
          className="inline-flex size-11 items-center justify-center text-text focus-visible:outline-2 focus-visible:outline-brand"
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" className="size-5 fill-none stroke-current stroke-2">
            <path d="M10 3 5 8l5 5" />
          </svg>
        </Link>
        <h1 className="min-w-0 truncate text-sm font-semibold">{title}</h1>
      </div>
      <div className="relative flex-1">
        {frameLoaded ? null : <div className="absolute inset-0">{loading}</div>}
        <iframe
          src={link.data.game_link}
          title={t('game.frame', { title })}
          onLoad={() => setFrameLoaded(true)}
          className={`absolute inset-0 size-full border-0 ${frameLoaded ? '' : 'opacity-0'}`}
          // An opaque origin for the game: it may run scripts and call its provider's API (CORS),
          // but never reaches this site's storage (tokens), top navigation or popups, even when
          // the provider is served from this same host, as the demo provider is.
          sandbox="allow-scripts allow-forms"
          allow="fullscreen; autoplay"
          referrerPolicy="no-referrer"
        />
      </div>
      <RealityCheck />
    </div>
  );
}
