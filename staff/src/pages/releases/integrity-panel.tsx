/** The live-file check: the live versions' files against their recorded hashes, the last check or one now. */
import { Alert } from '@mchezo/ui/alert';
import { Button } from '@mchezo/ui/button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { releaseKeys, releasesApi, useIntegrity } from '../../api/releases.ts';
import { ErrorState, Loading, useErrorText } from '../../components/states.tsx';

export function IntegrityPanel() {
  const { t } = useTranslation('releases');
  const errorText = useErrorText();
  const integrity = useIntegrity();
  const client = useQueryClient();
  const check = useMutation({
    mutationFn: releasesApi.checkIntegrity,
    // A version whose files changed is flagged on its card too: the remotes are read again.
    onSuccess: (data) => {
      client.setQueryData(releaseKeys.integrity, data);
      return client.invalidateQueries({ queryKey: releaseKeys.remotes });
    },
  });
  if (integrity.isPending) return <Loading />;
  if (integrity.isError) return <ErrorState error={integrity.error} onRetry={() => integrity.refetch()} />;
  const data = integrity.data;
  return (
    <section
      aria-labelledby="integrity-title"
      className="space-y-2 rounded-lg border border-line bg-surface p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="integrity-title" className="font-semibold">
          {t('integrity.title')}
        </h2>
        <Button
          variant="secondary"
          onClick={() => check.mutate()}
          disabled={check.isPending}
          aria-busy={check.isPending || undefined}
        >
          {check.isPending ? t('integrity.checking') : t('integrity.check')}
        </Button>
      </div>
      <p className="text-sm" role="status">
        {data.ok ? t('integrity.ok') : t('integrity.failing', { count: data.failing.length })}{' '}
        <span className="text-muted">
          {data.checked_at
            ? t('integrity.checkedAt', { at: new Date(data.checked_at).toLocaleString() })
            : t('integrity.never')}
        </span>
      </p>
      {data.failing.length > 0 ? (
        <ul className="space-y-1 text-sm">
          {data.failing.map((f) => (
            <li key={`${f.remote}-${f.version}`} className="break-words">
              <span className="font-mono">
                {f.remote} {f.version}
              </span>
              : {f.problem}
            </li>
          ))}
        </ul>
      ) : null}
      {check.isError ? (
        <Alert tone="destructive" title={t('integrity.failed')}>
          {errorText(check.error)}
        </Alert>
      ) : null}
    </section>
  );
}
