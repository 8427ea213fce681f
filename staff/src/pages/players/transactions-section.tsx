/** The player's deposits and withdrawals, newest first, filtered by kind, status and Nairobi days. */
import type { PlayerTransaction } from '@mchezo/contracts/staff-players';
import { TX_KINDS, TX_STATUSES } from '@mchezo/contracts/staff-players-constants';
import { Button } from '@mchezo/ui/button';
import { inputClass } from '@mchezo/ui/fields';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TransactionFilters, usePlayerTransactions } from '../../api/players.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { type Column, Table } from '../../components/table.tsx';
import { useFormat } from './format.ts';
import { Section } from './player-status.tsx';

const NO_FILTERS: TransactionFilters = { kind: '', status: '', from: '', to: '' };

export function TransactionsSection({ userId }: { userId: string }) {
  const { t } = useTranslation('players');
  const format = useFormat();
  const id = useId();
  const [filters, setFilters] = useState(NO_FILTERS);
  const tx = usePlayerTransactions(userId, filters);
  const rows = tx.data?.pages.flatMap((p) => p.transactions) ?? [];
  const set = (patch: Partial<TransactionFilters>) => setFilters((f) => ({ ...f, ...patch }));

  const columns: Column<PlayerTransaction>[] = [
    { key: 'at', header: t('tx.at'), cell: (r) => format.time(r.created_at) },
    { key: 'kind', header: t('tx.kind'), cell: (r) => t(`tx.kinds.${r.kind}`) },
    { key: 'status', header: t('tx.status'), cell: (r) => t(`tx.statuses.${r.status}`) },
    { key: 'amount', header: t('tx.amount'), cell: (r) => format.cents(r.amount), numeric: true },
    { key: 'tax', header: t('tx.tax'), cell: (r) => format.cents(r.tax_amount), numeric: true },
    { key: 'method', header: t('tx.method'), cell: (r) => `${r.payment_method} · ${r.phone_number}` },
    { key: 'ref', header: t('tx.reference'), cell: (r) => r.provider_ref ?? '—' },
    { key: 'failure', header: t('tx.failure'), cell: (r) => r.failure_reason ?? '—' },
  ];
  const select = (name: 'kind' | 'status', options: readonly string[]) => (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-${name}`} className="block text-sm font-semibold">
        {t(`tx.${name}`)}
      </label>
      <select
        id={`${id}-${name}`}
        value={filters[name]}
        onChange={(e) => set({ [name]: e.target.value })}
        className={`${inputClass(false)} w-full`}
      >
        <option value="">{t('tx.any')}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`tx.${name === 'kind' ? 'kinds' : 'statuses'}.${o}`)}
          </option>
        ))}
      </select>
    </div>
  );
  const day = (name: 'from' | 'to') => (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-${name}`} className="block text-sm font-semibold">
        {t(`tx.${name}`)}
      </label>
      <input
        id={`${id}-${name}`}
        type="date"
        value={filters[name]}
        onChange={(e) => set({ [name]: e.target.value })}
        className={`${inputClass(false)} w-full`}
      />
    </div>
  );

  return (
    <Section id="transactions" title={t('tx.title')}>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {select('kind', TX_KINDS)}
        {select('status', TX_STATUSES)}
        {day('from')}
        {day('to')}
      </div>
      <div aria-busy={tx.isFetching || undefined}>
        {tx.isPending ? (
          <Loading />
        ) : tx.isError && rows.length === 0 ? (
          <ErrorState error={tx.error} onRetry={() => tx.refetch()} />
        ) : rows.length === 0 ? (
          <Empty title={t('tx.none')} />
        ) : (
          <div className="space-y-3">
            <Table
              caption={t('tableOf', { what: t('tx.title') })}
              columns={columns}
              rows={rows}
              rowKey={(r) => r.id}
            />
            {tx.hasNextPage ? (
              <Button variant="secondary" onClick={() => tx.fetchNextPage()} disabled={tx.isFetchingNextPage}>
                {tx.isFetchingNextPage ? t('common.loadingMore') : t('common.loadMore')}
              </Button>
            ) : null}
          </div>
        )}
      </div>
    </Section>
  );
}
