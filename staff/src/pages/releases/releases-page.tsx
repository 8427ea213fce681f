/**
 * Releases: each remote's card (active version, canary with its plan and step, on or off, and the
 * changes), the live-file check, each remote's canary floors, and the ways to the revision history and the deploy keys. Read
 * again every few seconds while a guarded canary runs, so its step moves on screen.
 */
import { Button } from '@mchezo/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { releaseKeys, useRemotes } from '../../api/releases.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { CanaryFloorsPanel } from './canary-floors-panel.tsx';
import { IntegrityPanel } from './integrity-panel.tsx';
import { RemoteCard } from './remote-card.tsx';

const linkClass =
  'inline-flex min-h-11 items-center rounded-lg border border-line px-3 text-sm font-semibold text-brand hover:border-brand';

export default function ReleasesPage() {
  const { t } = useTranslation('releases');
  const remotes = useRemotes();
  const client = useQueryClient();
  const changed = () => client.invalidateQueries({ queryKey: releaseKeys.all });
  return (
    <div className="space-y-6">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <Link to="/releases/history" className={linkClass}>
              {t('links.history')}
            </Link>
            <Link to="/releases/deploy-keys" className={linkClass}>
              {t('links.keys')}
            </Link>
          </>
        }
      />
      <IntegrityPanel />
      <CanaryFloorsPanel />
      {remotes.isPending ? (
        <Loading />
      ) : remotes.isError ? (
        <ErrorState error={remotes.error} onRetry={() => remotes.refetch()} />
      ) : remotes.data.remotes.length === 0 ? (
        <Empty title={t('empty')} />
      ) : (
        <>
          <p className="text-sm text-muted">
            {t('revision', { revision: remotes.data.revision })}{' '}
            <Button variant="ghost" onClick={() => remotes.refetch()} disabled={remotes.isFetching}>
              {remotes.isFetching ? t('refreshing') : t('refresh')}
            </Button>
          </p>
          <div className="grid gap-4 lg:grid-cols-2">
            {remotes.data.remotes.map((r) => (
              <RemoteCard key={r.name} remote={r} revision={remotes.data.revision} onChanged={changed} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
