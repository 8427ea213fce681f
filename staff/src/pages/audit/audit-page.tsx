/**
 * The staff audit (administrators): every staff change and sign-in, newest first, filtered by
 * person, player, action and days; "Load more" for older entries; the same filters as CSV.
 */
import type { StaffAuditEntry } from '@mchezo/contracts/staff';
import { Button } from '@mchezo/ui/button';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuditFilters, auditCsv, auditQuery } from '../../api/audit.ts';
import { formatDateTime } from '../../components/format.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { saveFile } from '../../components/save-file.ts';
import { Empty, ErrorState, Loading, useErrorText } from '../../components/states.tsx';
import { type Column, Table } from '../../components/table.tsx';
import { AuditCards, changeText } from './audit-cards.tsx';
import { AuditFiltersForm } from './audit-filters.tsx';

export default function AuditPage() {
  const { t } = useTranslation('audit');
  const errorText = useErrorText();
  const [filters, setFilters] = useState<AuditFilters>({});
  const audit = useInfiniteQuery(auditQuery(filters));
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      saveFile(await auditCsv(filters), 'staff-audit.csv');
    } catch (err) {
      setDownloadError(errorText(err));
    } finally {
      setDownloading(false);
    }
  };

  const columns: Column<StaffAuditEntry>[] = [
    { key: 'at', header: t('columns.at'), cell: (e) => formatDateTime(e.at) },
    { key: 'action', header: t('columns.action'), cell: (e) => <code className="text-xs">{e.action}</code> },
    {
      key: 'actor',
      header: t('columns.actor'),
      cell: (e) => <code className="text-xs">{e.actor_user_id ?? ''}</code>,
    },
    {
      key: 'target',
      header: t('columns.target'),
      cell: (e) => <code className="text-xs">{e.target_user_id ?? e.target ?? ''}</code>,
    },
    { key: 'reason', header: t('columns.reason'), cell: (e) => e.reason ?? '' },
    {
      key: 'change',
      header: t('columns.change'),
      cell: (e) => (
        <span className="block max-w-80 break-all font-mono text-xs text-muted">{changeText(e)}</span>
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button variant="secondary" onClick={download} disabled={downloading}>
            {downloading ? t('downloading') : t('download')}
          </Button>
        }
      />
      {downloadError ? (
        <p role="alert" className="rounded-lg border border-danger bg-danger/10 p-3 text-sm">
          {downloadError}
        </p>
      ) : null}
      <AuditFiltersForm value={filters} onApply={setFilters} />
      {audit.isPending ? <Loading /> : null}
      {audit.isError ? <ErrorState error={audit.error} onRetry={() => void audit.refetch()} /> : null}
      {audit.isSuccess && entries.length === 0 ? <Empty title={t('empty')} /> : null}
      {entries.length > 0 ? (
        <>
          <AuditCards entries={entries} className="sm:hidden" />
          <div className="hidden sm:block">
            <Table caption={t('tableCaption')} columns={columns} rows={entries} rowKey={(e) => e.id} />
          </div>
        </>
      ) : null}
      {audit.hasNextPage ? (
        <Button
          variant="secondary"
          onClick={() => void audit.fetchNextPage()}
          disabled={audit.isFetchingNextPage}
        >
          {audit.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
