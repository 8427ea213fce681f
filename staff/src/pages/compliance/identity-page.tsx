/**
 * Identity checks the register did not answer (decision 056): ask the register again, or refuse
 * with one of its reasons. No approval by hand: only the register confirms an identity.
 */
import type { IdentityRejectCode, PendingIdentity } from '@mchezo/contracts/staff-compliance';
import { IDENTITY_REJECT_CODES } from '@mchezo/contracts/staff-compliance-constants';
import { Button } from '@mchezo/ui/button';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { identityChecksQuery, recheckIdentity, rejectIdentity } from '../../api/compliance.ts';
import { toast } from '../../app/toaster.tsx';
import { formatDateTime } from '../../components/format.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { SelectField } from '../../components/select-field.tsx';
import type { Column } from '../../components/table.tsx';
import { ComplianceNav } from './compliance-nav.tsx';

export default function IdentityPage() {
  const { t } = useTranslation('compliance');
  const client = useQueryClient();
  const checks = useInfiniteQuery(identityChecksQuery());
  const [acting, setActing] = useState<{ row: PendingIdentity; kind: 'recheck' | 'reject' } | null>(null);
  const [code, setCode] = useState<IdentityRejectCode>('NOT_FOUND');
  const rows = checks.data?.pages.flatMap((p) => p.checks) ?? [];

  const columns: Column<PendingIdentity>[] = [
    {
      key: 'name',
      header: t('identity.name'),
      cell: (r) => (
        <Link className="underline" to={`/players/${r.user_id}`}>
          {r.full_name}
        </Link>
      ),
    },
    { key: 'phone', header: t('identity.phone'), cell: (r) => r.phone },
    {
      key: 'document',
      header: t('identity.document'),
      cell: (r) => `${t(`documents.${r.document_type}`)} ${r.document_number_masked}`,
    },
    { key: 'since', header: t('identity.checkedAt'), cell: (r) => formatDateTime(r.checked_at) },
    { key: 'attempts', header: t('identity.attempts'), cell: (r) => r.attempts, numeric: true },
    {
      key: 'actions',
      header: t('identity.actions'),
      cell: (r) => (
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => setActing({ row: r, kind: 'recheck' })}>
            {t('identity.recheck')}
          </Button>
          <Button variant="secondary" onClick={() => setActing({ row: r, kind: 'reject' })}>
            {t('identity.reject')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <ComplianceNav />
      <PageHeader title={t('identity.title')} description={t('identity.description')} />
      <PagedTable
        query={checks}
        rows={rows}
        caption={t('identity.title')}
        columns={columns}
        rowKey={(r) => r.user_id}
        empty={t('identity.empty')}
        loadMore={t('loadMore')}
        loadingMore={t('loadingMore')}
      />
      <ReasonDialog
        open={acting !== null}
        title={acting ? t(`identity.${acting.kind}Title`, { name: acting.row.full_name }) : ''}
        description={
          acting?.kind === 'reject' ? (
            <SelectField
              label={t('identity.code')}
              value={code}
              onChange={(v) => setCode(v as IdentityRejectCode)}
              options={IDENTITY_REJECT_CODES.map((c): [string, string] => [c, t(`codes.${c}`)])}
            />
          ) : (
            t('identity.recheckHint')
          )
        }
        confirmLabel={acting?.kind === 'reject' ? t('identity.reject') : t('identity.recheck')}
        busyLabel={t('identity.saving')}
        onClose={() => setActing(null)}
        onConfirm={async (reason) => {
          if (!acting) return;
          const result =
            acting.kind === 'reject'
              ? await rejectIdentity(acting.row.user_id, code, reason)
              : await recheckIdentity(acting.row.user_id, reason);
          toast.success(t(`identity.outcome.${result.status}`));
          await client.invalidateQueries({ queryKey: ['staff', 'compliance', 'identity'] });
        }}
      />
    </div>
  );
}
