/**
 * A remote's published versions, folded under their count on its card: who published each and
 * when, which one is live, any whose files no longer match what was published (left out of the
 * manifest browsers get until they do again), and the retired ones with who retired them, when and
 * why. A version that is neither live nor the canary has a Retire button: its files leave the
 * version store for good, with a reason (docs/decisions/058-retiring-versions.md).
 */
import type { RemotesResponse } from '@mchezo/contracts/releases';
import { Button } from '@mchezo/ui/button';
import { StatusBadge } from '@mchezo/ui/status-badge';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { releasesApi } from '../../api/releases.ts';
import { formatDateTime } from '../../components/format.ts';
import { ChangeDialog } from './change-dialog.tsx';

type Remote = RemotesResponse['remotes'][number];

export function PublishedVersions({ remote, onChanged }: { remote: Remote; onChanged(): void }) {
  const { t } = useTranslation('releases');
  const [retiring, setRetiring] = useState<string | null>(null);
  /** A version just retired: its entry takes the focus once the list shows it retired. */
  const [retired, setRetired] = useState<string | null>(null);
  const newestFirst = [...remote.versions].sort((a, b) => b.published_at.localeCompare(a.published_at));
  const itemId = (version: string) => `version-${remote.name}-${version}`;

  useEffect(() => {
    if (!retired || !remote.versions.some((v) => v.version === retired && v.retired_at)) return;
    document.getElementById(itemId(retired))?.focus();
    setRetired(null);
  });

  return (
    <>
      <details className="text-sm">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand">
          {t('versions.summary', { count: remote.versions.length })}
        </summary>
        <ul className="space-y-2">
          {newestFirst.map((v) => {
            const live = v.version === remote.active;
            const canary = v.version === remote.canary?.version;
            return (
              <li
                key={v.version}
                id={itemId(v.version)}
                tabIndex={-1}
                className="space-y-1 rounded-lg border border-line p-2"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono break-all">{v.version}</span>
                  {live ? <StatusBadge tone="success">{t('versions.live')}</StatusBadge> : null}
                  {canary ? <StatusBadge tone="warning">{t('versions.canary')}</StatusBadge> : null}
                  {v.integrity_failure && !v.retired_at ? (
                    <StatusBadge tone="danger">{t('versions.failing')}</StatusBadge>
                  ) : null}
                  {v.retired_at ? <StatusBadge tone="neutral">{t('versions.retired')}</StatusBadge> : null}
                  {!v.retired_at && !live && !canary ? (
                    <Button
                      variant="secondary"
                      className="ml-auto"
                      aria-label={t('versions.retireNamed', { version: v.version })}
                      onClick={() => setRetiring(v.version)}
                    >
                      {t('versions.retire')}
                    </Button>
                  ) : null}
                </div>
                <p className="text-muted">
                  {t('versions.published', { by: v.published_by, at: formatDateTime(v.published_at) })}
                </p>
                {v.retired_at ? (
                  <>
                    <p className="text-muted">
                      {t('versions.retiredBy', { by: v.retired_by, at: formatDateTime(v.retired_at) })}
                    </p>
                    <p className="break-words">{t('versions.retiredWhy', { reason: v.retire_reason })}</p>
                  </>
                ) : v.integrity_failure ? (
                  <p className="break-words text-danger">{v.integrity_failure.problem}</p>
                ) : null}
              </li>
            );
          })}
        </ul>
      </details>
      <ChangeDialog
        open={retiring !== null}
        danger
        title={t('retire.title', { remote: remote.name, version: retiring ?? '' })}
        description={t('retire.description')}
        confirmLabel={t('retire.confirm')}
        busyLabel={t('retire.busy')}
        onClose={() => setRetiring(null)}
        onConfirm={async (reason) => {
          if (!retiring) return;
          await releasesApi.retire(remote.name, retiring, reason);
          setRetired(retiring);
          onChanged();
        }}
      />
    </>
  );
}
