import { Spinner } from '@mchezo/ui/spinner';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useGameLink } from '../api/games.ts';
import { useLobbyTranslation } from '../i18n/namespace.ts';
import '../styles.css';

/** `/game/{title}?gameId={id}`: the game full-screen in a sandboxed frame. */
export default function GamePage() {
  const { t, ready } = useLobbyTranslation();
  const { title = '' } = useParams();
  const [params] = useSearchParams();
  const gameId = params.get('gameId') ?? '';
  const link = useGameLink(gameId);
  if (!ready) return <Spinner label="…" />;

  if (!gameId || link.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 px-6 py-16 text-center">
        <p>{t('game.failed', { title })}</p>
        <Link to="/" className="font-semibold text-brand underline">
          {t('game.back')}
        </Link>
      </div>
    );
  }
  if (link.isPending) {
    return (
      <div className="flex flex-col items-center gap-2 py-16">
        <Spinner label={t('game.loading', { title })} />
        <p aria-hidden="true">{t('game.loading', { title })}</p>
      </div>
    );
  }
  return (
    <iframe
      src={link.data.game_link}
      title={t('game.frame', { title })}
      className="fixed inset-0 z-40 h-dvh w-full border-0 bg-black"
      sandbox="allow-scripts allow-same-origin allow-forms"
      allow="fullscreen; autoplay"
    />
  );
}
