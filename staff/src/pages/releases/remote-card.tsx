/**
 * One remote on the Releases screen: its active version, whether it is on, its canary with the
 * guard's plan and step, and every change a release manager makes to it, each from the revision
 * on screen and with a reason. Retired versions are listed, never offered to go live or to testers.
 */
import type { RemotesResponse } from '@mchezo/contracts/releases';
import { Button } from '@mchezo/ui/button';
import { StatusBadge } from '@mchezo/ui/status-badge';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { releasesApi } from '../../api/releases.ts';
import { CanaryDialog } from './canary-dialog.tsx';
import { ChangeDialog } from './change-dialog.tsx';
import { PlanSteps } from './plan-steps.tsx';
import { PublishedVersions } from './published-versions.tsx';
import { ActivateDialog, OverrideDialog, RollbackDialog } from './remote-dialogs.tsx';

type Remote = RemotesResponse['remotes'][number];
type Open = null | 'activate' | 'toggle' | 'canary' | 'promote' | 'abort' | 'rollback' | 'override';

export function RemoteCard({
  remote,
  revision,
  onChanged,
}: {
  remote: Remote;
  revision: number;
  onChanged(): void;
}) {
  const { t } = useTranslation('releases');
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const kept = remote.versions.filter((v) => !v.retired_at).map((v) => v.version);
  const others = kept.filter((v) => v !== remote.active);
  const headingId = `remote-${remote.name}`;
  const reasonOnly = (kind: 'toggle' | 'promote' | 'abort') => {
    const run = {
      toggle: (reason: string) =>
        releasesApi.setEnabled(remote.name, !remote.enabled, { base_revision: revision, reason }),
      promote: (reason: string) => releasesApi.promote(remote.name, { base_revision: revision, reason }),
      abort: (reason: string) => releasesApi.abort(remote.name, { base_revision: revision, reason }),
    }[kind];
    const key = kind === 'toggle' ? (remote.enabled ? 'disable' : 'enable') : kind;
    return (
      <ChangeDialog
        open={open === kind}
        title={t(`${key}.title`, { remote: remote.name })}
        description={t(`${key}.description`, { version: remote.canary?.version ?? remote.active })}
        confirmLabel={t(`${key}.confirm`)}
        busyLabel={t(`${key}.busy`)}
        danger={key === 'disable' || key === 'abort'}
        onClose={close}
        onConfirm={async (reason) => {
          await run(reason);
          onChanged();
        }}
      />
    );
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-line bg-surface p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {remote.name}
        </h2>
        <StatusBadge tone={remote.enabled ? 'success' : 'danger'}>
          {remote.enabled ? t('card.on') : t('card.off')}
        </StatusBadge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{t('card.active')}</dt>
        <dd className="font-mono break-all">{remote.active ?? t('card.none')}</dd>
        <dt className="text-muted">{t('card.canary')}</dt>
        <dd className="font-mono break-all">
          {remote.canary
            ? t('card.canaryAt', { version: remote.canary.version, percent: remote.canary.percent })
            : t('card.none')}
        </dd>
      </dl>
      {remote.plan ? <PlanSteps plan={remote.plan} /> : null}
      <PublishedVersions remote={remote} onChanged={onChanged} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setOpen('activate')} disabled={others.length === 0}>
          {t('actions.activate')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => setOpen('canary')}
          disabled={others.length === 0 || !remote.active}
        >
          {t('actions.canary')}
        </Button>
        {remote.canary ? (
          <>
            <Button variant="secondary" onClick={() => setOpen('promote')}>
              {t('actions.promote')}
            </Button>
            <Button variant="danger" onClick={() => setOpen('abort')}>
              {t('actions.abort')}
            </Button>
          </>
        ) : null}
        <Button variant="secondary" onClick={() => setOpen('toggle')} disabled={!remote.active}>
          {remote.enabled ? t('actions.disable') : t('actions.enable')}
        </Button>
        <Button variant="secondary" onClick={() => setOpen('rollback')}>
          {t('actions.rollback')}
        </Button>
        <Button variant="secondary" onClick={() => setOpen('override')} disabled={kept.length === 0}>
          {t('actions.override')}
        </Button>
        <Link
          to={`/releases/${remote.name}/health`}
          className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-brand underline-offset-4 hover:underline"
        >
          {t('actions.health')}
        </Link>
      </div>
      {open === 'activate' ? (
        <ActivateDialog
          remote={remote.name}
          versions={others}
          baseRevision={revision}
          onClose={close}
          onDone={onChanged}
        />
      ) : null}
      {open === 'canary' ? (
        <CanaryDialog
          open
          remote={remote.name}
          versions={others}
          baseRevision={revision}
          onClose={close}
          onDone={onChanged}
        />
      ) : null}
      {open === 'rollback' ? (
        <RollbackDialog remote={remote.name} baseRevision={revision} onClose={close} onDone={onChanged} />
      ) : null}
      {open === 'override' ? <OverrideDialog remote={remote.name} versions={kept} onClose={close} /> : null}
      {open === 'toggle' ? reasonOnly('toggle') : null}
      {open === 'promote' ? reasonOnly('promote') : null}
      {open === 'abort' ? reasonOnly('abort') : null}
    </section>
  );
}
