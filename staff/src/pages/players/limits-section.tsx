/** Limits (deposit, loss per day/week/month, stake per bet) and every time-out or self-exclusion. */
import type { Player360 } from '@mchezo/contracts/staff-players';
import { StatusBadge } from '@mchezo/ui/status-badge';
import { useTranslation } from 'react-i18next';
import { Empty } from '../../components/states.tsx';
import { type Column, Table } from '../../components/table.tsx';
import { useFormat } from './format.ts';
import { Section } from './player-status.tsx';

type Limits = Player360['limits'];
type Limit = Limits['stake_limit'];
type Restriction = Limits['restrictions'][number];

export function LimitsSection({ limits }: { limits: Limits }) {
  const { t } = useTranslation('players');
  const format = useFormat();
  const show = (l: Limit) => {
    const now = l.amount === null ? t('limits.none') : format.cents(l.amount);
    if (!l.pending) return now;
    const next = l.pending.amount === null ? t('limits.none') : format.cents(l.pending.amount);
    return `${now} (${t('limits.pending', { amount: next, at: format.time(l.pending.applies_at) })})`;
  };
  const rows = [
    ...limits.deposit_limits.map((l) => ({
      key: `deposit-${l.period}`,
      label: t(`limits.deposit.${l.period}`),
      value: show(l),
    })),
    ...limits.loss_limits.map((l) => ({
      key: `loss-${l.period}`,
      label: t(`limits.loss.${l.period}`),
      value: show(l),
    })),
    { key: 'stake', label: t('limits.stake'), value: show(limits.stake_limit) },
    {
      key: 'reality',
      label: t('limits.realityCheck'),
      value:
        limits.reality_check_minutes === null
          ? t('limits.off')
          : t('limits.minutes', { count: limits.reality_check_minutes }),
    },
  ];
  const restrictionColumns: Column<Restriction>[] = [
    { key: 'kind', header: t('limits.kind'), cell: (r) => t(`limits.kinds.${r.kind}`) },
    { key: 'length', header: t('limits.length'), cell: (r) => r.length },
    { key: 'from', header: t('limits.from'), cell: (r) => format.time(r.started_at) },
    { key: 'until', header: t('limits.until'), cell: (r) => format.time(r.until) },
    {
      key: 'state',
      header: t('limits.state'),
      cell: (r) => (
        <StatusBadge tone={r.active ? 'danger' : 'neutral'}>
          {r.active ? t('limits.inForce') : t('limits.ended')}
        </StatusBadge>
      ),
    },
  ];
  return (
    <Section id="limits" title={t('limits.title')}>
      <Table
        caption={t('tableOf', { what: t('limits.title') })}
        columns={[
          { key: 'label', header: t('limits.limit'), cell: (r: (typeof rows)[number]) => r.label },
          { key: 'value', header: t('limits.value'), cell: (r: (typeof rows)[number]) => r.value },
        ]}
        rows={rows}
        rowKey={(r) => r.key}
      />
      <h3 className="pt-2 font-semibold">{t('limits.restrictions')}</h3>
      {limits.restrictions.length === 0 ? (
        <Empty title={t('limits.noRestrictions')} />
      ) : (
        <Table
          caption={t('tableOf', { what: t('limits.restrictions') })}
          columns={restrictionColumns}
          rows={limits.restrictions}
          rowKey={(r) => r.started_at}
        />
      )}
    </Section>
  );
}
