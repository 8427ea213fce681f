/**
 * Money-laundering alerts (decision 043): filtered by rule, severity and case status; an alert
 * without a case opens one (with a reason) and goes to its page; the threshold CSV for a range of days.
 */
import type { AmlAlert } from '@mchezo/contracts/aml';
import { Button } from '@mchezo/ui/button';
import { StatusBadge } from '@mchezo/ui/status-badge';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { alertsQuery, openCase } from '../../api/compliance.ts';
import { formatDateTime } from '../../components/format.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { type Column, Table } from '../../components/table.tsx';
import { ComplianceNav, FilterSelect } from './compliance-nav.tsx';
import { ThresholdDownload } from './threshold-download.tsx';

const STATUSES = ['none', 'open', 'reviewing', 'reported', 'dismissed'] as const;

export default function AlertsPage() {
  const { t } = useTranslation('compliance');
  const navigate = useNavigate();
  const client = useQueryClient();
  const alerts = useQuery(alertsQuery());
  const [rule, setRule] = useState('');
  const [severity, setSeverity] = useState('');
  const [status, setStatus] = useState('');
  const [opening, setOpening] = useState<AmlAlert | null>(null);

  const all = alerts.data?.alerts ?? [];
  const rules = [...new Set(all.map((a) => a.rule))].sort();
  const shown = all.filter(
    (a) =>
      (!rule || a.rule === rule) &&
      (!severity || a.severity === severity) &&
      (!status || (a.case_status ?? 'none') === status),
  );

  const columns: Column<AmlAlert>[] = [
    { key: 'at', header: t('alerts.at'), cell: (a) => formatDateTime(a.occurred_at) },
    { key: 'rule', header: t('alerts.rule'), cell: (a) => <code className="text-xs">{a.rule}</code> },
    {
      key: 'severity',
      header: t('alerts.severity'),
      cell: (a) => (
        <StatusBadge tone={a.severity === 'high' ? 'warning' : 'neutral'}>
          {t(`severity.${a.severity}`)}
        </StatusBadge>
      ),
    },
    {
      key: 'player',
      header: t('alerts.player'),
      cell: (a) => (
        <Link className="underline" to={`/players/${a.user_id}`}>
          {t('alerts.playerLink')}
        </Link>
      ),
    },
    {
      key: 'case',
      header: t('alerts.case'),
      cell: (a) =>
        a.case_id ? (
          <Link className="underline" to={`/compliance/cases/${a.case_id}`}>
            {t(`status.${a.case_status ?? 'open'}`)}
          </Link>
        ) : (
          <Button variant="secondary" onClick={() => setOpening(a)}>
            {t('alerts.openCase')}
          </Button>
        ),
    },
  ];

  return (
    <div className="space-y-6">
      <ComplianceNav />
      <PageHeader title={t('alerts.title')} description={t('alerts.description')} />
      <div className="grid gap-3 sm:grid-cols-3">
        <FilterSelect
          id="alert-rule"
          label={t('alerts.rule')}
          value={rule}
          onChange={setRule}
          options={[['', t('filters.any')], ...rules.map((r): [string, string] => [r, r])]}
        />
        <FilterSelect
          id="alert-severity"
          label={t('alerts.severity')}
          value={severity}
          onChange={setSeverity}
          options={[
            ['', t('filters.any')],
            ['medium', t('severity.medium')],
            ['high', t('severity.high')],
          ]}
        />
        <FilterSelect
          id="alert-status"
          label={t('alerts.case')}
          value={status}
          onChange={setStatus}
          options={[['', t('filters.any')], ...STATUSES.map((s): [string, string] => [s, t(`status.${s}`)])]}
        />
      </div>
      {alerts.isPending ? <Loading /> : null}
      {alerts.isError ? <ErrorState error={alerts.error} onRetry={() => void alerts.refetch()} /> : null}
      {alerts.isSuccess && shown.length === 0 ? <Empty title={t('alerts.empty')} /> : null}
      {shown.length > 0 ? (
        <Table caption={t('alerts.title')} columns={columns} rows={shown} rowKey={(a) => a.id} />
      ) : null}
      <ThresholdDownload />
      <ReasonDialog
        open={opening !== null}
        title={t('alerts.openTitle')}
        description={opening ? `${opening.rule} · ${t(`severity.${opening.severity}`)}` : undefined}
        confirmLabel={t('alerts.openCase')}
        busyLabel={t('alerts.opening')}
        onClose={() => setOpening(null)}
        onConfirm={async (reason) => {
          if (!opening) return;
          const created = await openCase(opening.id, reason);
          await client.invalidateQueries({ queryKey: ['staff', 'compliance', 'alerts'] });
          navigate(`/compliance/cases/${created.id}`);
        }}
      />
    </div>
  );
}
