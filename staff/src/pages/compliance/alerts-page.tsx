/**
 * Money-laundering alerts (decision 043), filtered by the API (rule, severity, case status, the
 * player's phone or name) a page at a time with "Load more"; each alert with its player's name and
 * phone; an alert without a case opens one (with a reason) and goes to its page; the threshold CSV
 * for a range of days.
 */
import type { AmlAlert } from '@mchezo/contracts/aml';
import { AML_CASE_STATUSES, AML_RULES, AML_SEVERITIES } from '@mchezo/contracts/staff-compliance-constants';
import { Button } from '@mchezo/ui/button';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { type AlertFilters, alertsQuery, openCase } from '../../api/compliance.ts';
import { formatDateTime } from '../../components/format.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { SearchField, useDebounced } from '../../components/search-field.tsx';
import { SelectField } from '../../components/select-field.tsx';
import type { Column } from '../../components/table.tsx';
import { SeverityBadge } from './case-badges.tsx';
import { ComplianceNav } from './compliance-nav.tsx';
import { ThresholdDownload } from './threshold-download.tsx';

const STATUSES = ['none', ...AML_CASE_STATUSES] as const;
/** The API takes a player filter of 3 characters or more. */
const PLAYER_MIN = 3;

export default function AlertsPage() {
  const { t } = useTranslation('compliance');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [choices, setChoices] = useState<Omit<AlertFilters, 'player'>>({});
  const [player, setPlayer] = useState('');
  const settled = useDebounced(player.trim());
  const filters: AlertFilters = {
    ...choices,
    ...(settled.length >= PLAYER_MIN ? { player: settled } : {}),
  };
  const alerts = useInfiniteQuery(alertsQuery(filters));
  const [opening, setOpening] = useState<AmlAlert | null>(null);
  const rows = alerts.data?.pages.flatMap((p) => p.alerts) ?? [];
  const choose = (patch: Partial<AlertFilters>) =>
    setChoices((f) => Object.fromEntries(Object.entries({ ...f, ...patch }).filter(([, v]) => v)));

  const columns: Column<AmlAlert>[] = [
    { key: 'at', header: t('alerts.at'), cell: (a) => formatDateTime(a.occurred_at) },
    { key: 'rule', header: t('alerts.rule'), cell: (a) => t(`rules.${a.rule}`, { defaultValue: a.rule }) },
    {
      key: 'severity',
      header: t('alerts.severity'),
      cell: (a) => <SeverityBadge severity={a.severity} />,
    },
    {
      key: 'player',
      header: t('alerts.player'),
      cell: (a) => (
        <Link className="underline" to={`/players/${a.user_id}`}>
          {a.player_name ?? t('alerts.noName')}
        </Link>
      ),
    },
    { key: 'phone', header: t('identity.phone'), cell: (a) => a.player_phone },
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
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-1">
          <SearchField
            id="alert-player"
            label={t('alerts.playerFilter')}
            hint={t('alerts.playerHint')}
            value={player}
            onChange={setPlayer}
          />
        </div>
        <SelectField
          label={t('alerts.rule')}
          value={choices.rule ?? ''}
          onChange={(v) => choose({ rule: (v || undefined) as AlertFilters['rule'] })}
          options={[['', t('filters.any')], ...AML_RULES.map((r): [string, string] => [r, t(`rules.${r}`)])]}
        />
        <SelectField
          label={t('alerts.severity')}
          value={choices.severity ?? ''}
          onChange={(v) => choose({ severity: (v || undefined) as AlertFilters['severity'] })}
          options={[
            ['', t('filters.any')],
            ...AML_SEVERITIES.map((s): [string, string] => [s, t(`severity.${s}`)]),
          ]}
        />
        <SelectField
          label={t('alerts.case')}
          value={choices.status ?? ''}
          onChange={(v) => choose({ status: (v || undefined) as AlertFilters['status'] })}
          options={[['', t('filters.any')], ...STATUSES.map((s): [string, string] => [s, t(`status.${s}`)])]}
        />
      </div>
      <PagedTable
        query={alerts}
        rows={rows}
        caption={t('alerts.title')}
        columns={columns}
        rowKey={(a) => a.id}
        empty={t('alerts.empty')}
        loadMore={t('loadMore')}
        loadingMore={t('loadingMore')}
      />
      <ThresholdDownload />
      <ReasonDialog
        open={opening !== null}
        title={t('alerts.openTitle')}
        description={
          opening
            ? `${t(`rules.${opening.rule}`, { defaultValue: opening.rule })} · ${t(`severity.${opening.severity}`)}`
            : undefined
        }
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
