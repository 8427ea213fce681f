/**
 * Deploy keys (docs/decisions/046-deploy-keys.md): a team's CI credential for one remote and its
 * actions. Created with a name, actions, an optional canary cap and an expiry; its token is shown
 * once, here, and never again (only its hash is kept). Revoked with a reason.
 */
import type { CreatedDeployKey, DeployKey } from '@mchezo/contracts/releases';
import { Button } from '@mchezo/ui/button';
import { StatusBadge } from '@mchezo/ui/status-badge';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { releaseKeys, releasesApi, useDeployKeys } from '../../api/releases.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { Table } from '../../components/table.tsx';
import { BackToReleases } from './back-link.tsx';
import { CreateKeyForm } from './create-key-form.tsx';

const TONE = { active: 'success', revoked: 'danger', expired: 'neutral' } as const;

export default function DeployKeysPage() {
  const { t } = useTranslation('releases');
  const keys = useDeployKeys();
  const client = useQueryClient();
  const [created, setCreated] = useState<CreatedDeployKey | null>(null);
  const [revoking, setRevoking] = useState<DeployKey | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: releaseKeys.keys });
  return (
    <div className="space-y-6">
      <PageHeader title={t('keys.title')} description={t('keys.description')} actions={<BackToReleases />} />
      <CreateKeyForm
        onCreated={(key) => {
          setCreated(key);
          refresh();
        }}
      />
      {created ? (
        <div role="status" className="space-y-2 rounded-lg border border-success bg-success/10 p-4 text-sm">
          <p className="font-semibold">{t('keys.createdTitle', { name: created.name })}</p>
          <p>{t('keys.createdOnce')}</p>
          <label htmlFor="created-token" className="block text-xs text-muted">
            {t('keys.token')}
          </label>
          <input
            id="created-token"
            readOnly
            value={created.token}
            onFocus={(e) => e.target.select()}
            className="min-h-11 w-full rounded-lg border border-line bg-surface-2 px-3 font-mono text-xs"
          />
          <Button variant="secondary" onClick={() => setCreated(null)}>
            {t('keys.hideToken')}
          </Button>
        </div>
      ) : null}
      {keys.isPending ? (
        <Loading />
      ) : keys.isError ? (
        <ErrorState error={keys.error} onRetry={() => keys.refetch()} />
      ) : keys.data.keys.length === 0 ? (
        <Empty title={t('keys.empty')} />
      ) : (
        <Table
          caption={t('keys.title')}
          rows={keys.data.keys}
          rowKey={(k) => k.id}
          columns={[
            { key: 'name', header: t('keys.name'), cell: (k) => <span className="font-mono">{k.name}</span> },
            { key: 'remote', header: t('keys.remote'), cell: (k) => k.remote },
            {
              key: 'actions',
              header: t('keys.actions'),
              cell: (k) => k.actions.map((a) => t(`keys.action.${a}`)).join(', '),
            },
            {
              key: 'cap',
              header: t('keys.cap'),
              numeric: true,
              cell: (k) => (k.max_canary_percent === null ? '–' : `${k.max_canary_percent}%`),
            },
            {
              key: 'status',
              header: t('keys.status'),
              cell: (k) => <StatusBadge tone={TONE[k.status]}>{t(`keys.state.${k.status}`)}</StatusBadge>,
            },
            {
              key: 'expires',
              header: t('keys.expires'),
              cell: (k) => new Date(k.expires_at).toLocaleDateString(),
            },
            {
              key: 'revoke',
              header: t('keys.revoke'),
              cell: (k) =>
                k.status === 'active' ? (
                  <Button
                    variant="danger"
                    onClick={() => setRevoking(k)}
                    aria-label={t('keys.revokeNamed', { name: k.name })}
                  >
                    {t('keys.revoke')}
                  </Button>
                ) : (
                  (k.revoke_reason ?? '–')
                ),
            },
          ]}
        />
      )}
      <ReasonDialog
        open={revoking !== null}
        title={t('keys.revokeTitle', { name: revoking?.name ?? '' })}
        description={t('keys.revokeDescription')}
        confirmLabel={t('keys.revoke')}
        busyLabel={t('keys.revoking')}
        danger
        onClose={() => setRevoking(null)}
        onConfirm={async (reason) => {
          if (revoking) await releasesApi.revokeKey(revoking.id, reason);
          refresh();
        }}
      />
    </div>
  );
}
