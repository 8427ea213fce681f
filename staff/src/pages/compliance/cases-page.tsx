/**
 * Money-laundering cases (decision 043): filtered by the API (status, by default open or
 * reviewing; rule; severity; the player's phone or name), oldest opened first by default (the
 * desk's queue) or newest first (looking back), a page at a time with "Load more"; each case
 * with its player, rule, severity, status, who opened it and when, and its last step, and a link
 * to its page.
 */
import type { AmlCaseRow } from '@mchezo/contracts/aml';
import {
  AML_CASE_FILTER_STATUSES,
  AML_CASE_ORDERS,
  AML_RULES,
  AML_SEVERITIES,
} from '@mchezo/contracts/staff-compliance-constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type CaseFilters, casesQuery } from '../../api/compliance.ts';
import { formatDateTime, personLabel } from '../../components/format.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { SearchField, useDebounced } from '../../components/search-field.tsx';
import { SelectField } from '../../components/select-field.tsx';
import type { Column } from '../../components/table.tsx';
import { CaseStatusBadge, SeverityBadge } from './case-badges.tsx';
import { ComplianceNav } from './compliance-nav.tsx';

/** The API takes a player filter of 3 characters or more. */
const PLAYER_MIN = 3;
type Choices = Omit<CaseFilters, 'player'>;
/** A filter the width of a phone's screen; one of three columns from `lg` up. */
const WIDE = 'col-span-2 space-y-1 lg:col-span-1';

export default function CasesPage() {
  const { t } = useTranslation('compliance');
  const [choices, setChoices] = useState<Choices>({ status: 'active', order: 'oldest' });
  const [player, setPlayer] = useState('');
  const settled = useDebounced(player.trim());
  const filters: CaseFilters = {
    ...choices,
    ...(settled.length >= PLAYER_MIN ? { player: settled } : {}),
  };
  const cases = useInfiniteQuery(casesQuery(filters));
  const rows = cases.data?.pages.flatMap((p) => p.cases) ?? [];
  const choose = (patch: Partial<Choices>) => setChoices((f) => ({ ...f, ...patch }));
  const any: [string, string] = ['', t('filters.any')];

  const columns: Column<AmlCaseRow>[] = [
    {
      key: 'case',
      header: t('cases.case'),
      // The player by name, their phone under it (a player without a name: the phone alone).
      cell: (c) => (
        <>
          <Link className="font-semibold underline" to={`/compliance/cases/${c.id}`}>
            {c.player_name ?? c.player_phone}
          </Link>
          {c.player_name ? <span className="block text-xs text-muted">{c.player_phone}</span> : null}
        </>
      ),
    },
    { key: 'rule', header: t('alerts.rule'), cell: (c) => t(`rules.${c.rule}`, { defaultValue: c.rule }) },
    { key: 'severity', header: t('alerts.severity'), cell: (c) => <SeverityBadge severity={c.severity} /> },
    { key: 'status', header: t('cases.status'), cell: (c) => <CaseStatusBadge status={c.status} /> },
    { key: 'opened', header: t('cases.opened'), cell: (c) => formatDateTime(c.opened_at) },
    {
      key: 'by',
      header: t('cases.openedBy'),
      cell: (c) => (c.opened_by_phone ? personLabel(c.opened_by_name, c.opened_by_phone) : c.opened_by),
    },
    { key: 'last', header: t('cases.lastStep'), cell: (c) => formatDateTime(c.last_step_at) },
  ];

  return (
    <div className="space-y-6">
      <ComplianceNav />
      <PageHeader title={t('cases.title')} description={t('cases.description')} />
      {/* On a phone the fields with long values (player, status, rule) take a line each, the two short
          ones share one, so the list starts sooner. */}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <div className={WIDE}>
          <SearchField
            id="case-player"
            label={t('alerts.playerFilter')}
            hint={t('alerts.playerHint')}
            value={player}
            onChange={setPlayer}
          />
        </div>
        <div className={WIDE}>
          <SelectField
            label={t('cases.status')}
            value={choices.status ?? ''}
            onChange={(v) => choose({ status: (v || undefined) as Choices['status'] })}
            options={[...AML_CASE_FILTER_STATUSES.map((s): [string, string] => [s, t(`status.${s}`)]), any]}
          />
        </div>
        <div className={WIDE}>
          <SelectField
            label={t('alerts.rule')}
            value={choices.rule ?? ''}
            onChange={(v) => choose({ rule: (v || undefined) as Choices['rule'] })}
            options={[any, ...AML_RULES.map((r): [string, string] => [r, t(`rules.${r}`)])]}
          />
        </div>
        <SelectField
          label={t('alerts.severity')}
          value={choices.severity ?? ''}
          onChange={(v) => choose({ severity: (v || undefined) as Choices['severity'] })}
          options={[any, ...AML_SEVERITIES.map((s): [string, string] => [s, t(`severity.${s}`)])]}
        />
        <SelectField
          label={t('cases.order')}
          value={choices.order}
          onChange={(v) => choose({ order: v as Choices['order'] })}
          options={AML_CASE_ORDERS.map((o): [string, string] => [o, t(`cases.orders.${o}`)])}
        />
      </div>
      <PagedTable
        query={cases}
        rows={rows}
        caption={t('cases.title')}
        columns={columns}
        rowKey={(c) => c.id}
        empty={t('cases.empty')}
        loadMore={t('loadMore')}
        loadingMore={t('loadingMore')}
      />
    </div>
  );
}
