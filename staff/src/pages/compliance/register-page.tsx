/** The self-exclusion register: every time-out and self-exclusion, filtered, with its CSV. */
import type { SelfExclusionEntry } from '@mchezo/contracts/staff-compliance';
import { Button } from '@mchezo/ui/button';
import { TextField } from '@mchezo/ui/fields';
import { StatusBadge } from '@mchezo/ui/status-badge';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type RegisterFilters, selfExclusionsCsv, selfExclusionsQuery } from '../../api/compliance.ts';
import { formatDateTime } from '../../components/format.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { saveFile } from '../../components/save-file.ts';
import { SelectField } from '../../components/select-field.tsx';
import { useErrorText } from '../../components/states.tsx';
import type { Column } from '../../components/table.tsx';
import { ComplianceNav } from './compliance-nav.tsx';

export default function RegisterPage() {
  const { t } = useTranslation('compliance');
  const errorText = useErrorText();
  const [filters, setFilters] = useState<RegisterFilters>({ active: 'true' });
  const register = useInfiniteQuery(selfExclusionsQuery(filters));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rows = register.data?.pages.flatMap((p) => p.entries) ?? [];
  const set = (patch: Partial<RegisterFilters>) =>
    setFilters(
      (f) => Object.fromEntries(Object.entries({ ...f, ...patch }).filter(([, v]) => v)) as RegisterFilters,
    );

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      saveFile(await selfExclusionsCsv(filters), 'self-exclusion-register.csv');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<SelfExclusionEntry>[] = [
    {
      key: 'player',
      header: t('register.player'),
      cell: (r) => (
        <Link className="underline" to={`/players/${r.user_id}`}>
          {r.full_name ?? r.phone}
        </Link>
      ),
    },
    { key: 'phone', header: t('identity.phone'), cell: (r) => r.phone },
    { key: 'kind', header: t('register.kind'), cell: (r) => `${t(`kinds.${r.kind}`)} (${r.length})` },
    { key: 'start', header: t('register.start'), cell: (r) => formatDateTime(r.started_at) },
    { key: 'end', header: t('register.end'), cell: (r) => formatDateTime(r.ends_at) },
    {
      key: 'active',
      header: t('register.active'),
      cell: (r) => (
        <StatusBadge tone={r.active ? 'warning' : 'neutral'}>
          {r.active ? t('register.inForce') : t('register.ended')}
        </StatusBadge>
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <ComplianceNav />
      <PageHeader
        title={t('register.title')}
        description={t('register.description')}
        actions={
          <Button variant="secondary" onClick={() => void download()} disabled={busy}>
            {busy ? t('downloading') : t('register.download')}
          </Button>
        }
      />
      {error ? (
        <p role="alert" className="rounded-lg border border-danger bg-danger/10 p-3 text-sm">
          {error}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-4">
        <SelectField
          label={t('register.active')}
          value={filters.active ?? ''}
          onChange={(v) => set({ active: (v || undefined) as RegisterFilters['active'] })}
          options={[
            ['', t('filters.any')],
            ['true', t('register.inForce')],
            ['false', t('register.ended')],
          ]}
        />
        <SelectField
          label={t('register.kind')}
          value={filters.kind ?? ''}
          onChange={(v) => set({ kind: (v || undefined) as RegisterFilters['kind'] })}
          options={[
            ['', t('filters.any')],
            ['time_out', t('kinds.time_out')],
            ['self_exclusion', t('kinds.self_exclusion')],
          ]}
        />
        {(['from', 'to'] as const).map((k) => (
          <TextField
            key={k}
            label={t(`filters.${k}`)}
            type="date"
            value={filters[k] ?? ''}
            onChange={(v) => set({ [k]: v || undefined })}
          />
        ))}
      </div>
      <PagedTable
        query={register}
        rows={rows}
        caption={t('register.title')}
        columns={columns}
        rowKey={(r) => r.id}
        empty={t('register.empty')}
        loadMore={t('loadMore')}
        loadingMore={t('loadingMore')}
      />
    </div>
  );
}
