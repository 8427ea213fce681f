/**
 * A remote's published versions, folded under their count on its card: who published each and
 * when, which one is live, and any whose files no longer match what was published (left out of
 * the manifest browsers get until they do again).
 */
import type { RemotesResponse } from '@mchezo/contracts/releases';
import { StatusBadge } from '@mchezo/ui/status-badge';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/format.ts';

type Remote = RemotesResponse['remotes'][number];

export function PublishedVersions({ remote }: { remote: Remote }) {
  const { t } = useTranslation('releases');
  const newestFirst = [...remote.versions].sort((a, b) => b.published_at.localeCompare(a.published_at));
  return (
    <details className="text-sm">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand">
        {t('versions.summary', { count: remote.versions.length })}
      </summary>
      <ul className="space-y-2">
        {newestFirst.map((v) => (
          <li key={v.version} className="rounded-lg border border-line p-2">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono break-all">{v.version}</span>
              {v.version === remote.active ? (
                <StatusBadge tone="success">{t('versions.live')}</StatusBadge>
              ) : null}
              {v.version === remote.canary?.version ? (
                <StatusBadge tone="warning">{t('versions.canary')}</StatusBadge>
              ) : null}
              {v.integrity_failure ? <StatusBadge tone="danger">{t('versions.failing')}</StatusBadge> : null}
            </div>
            <p className="text-muted">
              {t('versions.published', { by: v.published_by, at: formatDateTime(v.published_at) })}
            </p>
            {v.integrity_failure ? (
              <p className="break-words text-danger">{v.integrity_failure.problem}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
