import { useHost } from '@mchezo/host/context';
import { WALLET_BALANCE_KEY } from '@mchezo/host/queries/wallet-balance';
import { useQueryClient } from '@mchezo/host/query';
import { Button } from '@mchezo/ui/button';
import { Spinner } from '@mchezo/ui/spinner';
import { useEffect, useRef, useState } from 'react';
import { type TransactionsFilter, useTransactions } from '../api/transactions.ts';
import { Tabs } from '../components/tabs.tsx';
import { TransactionCard } from '../components/transaction-card.tsx';
import { useWalletTranslation } from '../i18n/namespace.ts';
import { TRANSACTIONS_LIST_HEIGHT_PX } from '../screen-constants.ts';
import '../styles.css';

function TransactionList({ filter }: { filter: TransactionsFilter }) {
  const { t } = useWalletTranslation();
  const host = useHost();
  const list = useTransactions(filter);
  const queryClient = useQueryClient();
  const pendingIds = useRef(new Set<string>());

  // A card that was pending and is now settled moved money: the header's balance reads again.
  useEffect(() => {
    const all = list.data?.pages.flatMap((p) => p.transactions) ?? [];
    const pending = new Set(all.filter((t) => t.status === 'pending').map((t) => t.id));
    const settled = all.some((t) => t.status !== 'pending' && pendingIds.current.has(t.id));
    pendingIds.current = pending;
    if (settled) void queryClient.invalidateQueries({ queryKey: WALLET_BALANCE_KEY });
  }, [list.data, queryClient]);

  // A failed read is logged (docs/product-rules.md#transactions); the page also says so and offers
  // a retry.
  useEffect(() => {
    if (list.error) host.reportError(list.error, { action: 'transactions', filter });
  }, [list.error, host, filter]);

  if (list.isPending) {
    return (
      <div className="flex flex-col items-center py-10">
        <Spinner label={t('transactions.loading')} />
        <p aria-hidden="true" className="text-sm text-muted">
          {t('transactions.loading')}
        </p>
      </div>
    );
  }
  if (list.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-muted">{t('transactions.error')}</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          {t('transactions.retry')}
        </Button>
      </div>
    );
  }

  const transactions = list.data.pages.flatMap((p) => p.transactions);
  if (transactions.length === 0)
    return <p className="py-10 text-center text-muted">{t('transactions.empty')}</p>;

  return (
    <div className="space-y-3">
      <ul
        aria-label={t('transactions.listLabel')}
        className="space-y-2 overflow-y-auto overscroll-contain pr-1"
        style={{ maxHeight: TRANSACTIONS_LIST_HEIGHT_PX }}
      >
        {transactions.map((tx) => (
          <li key={tx.id}>
            <TransactionCard tx={tx} />
          </li>
        ))}
      </ul>
      {list.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-danger">
          {t('transactions.moreError')}
        </p>
      ) : null}
      {list.hasNextPage ? (
        <Button
          variant="secondary"
          className="w-full"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? t('transactions.loadingMore') : t('transactions.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * `/transactions` (docs/product-rules.md#transactions): all, deposits or withdrawals, filtered by
 * the server, 10 a page.
 */
export default function TransactionsPage() {
  const { t, ready } = useWalletTranslation();
  const [filter, setFilter] = useState<TransactionsFilter>('all');
  if (!ready) return <Spinner label="…" />;

  return (
    <div className="space-y-4 px-3 py-4">
      <div>
        <h1 className="text-xl font-extrabold">{t('transactions.title')}</h1>
        <p className="text-sm text-muted">{t('transactions.subtitle')}</p>
      </div>
      <Tabs
        label={t('transactions.tabsLabel')}
        items={[
          { id: 'all', label: t('transactions.tabs.all') },
          { id: 'deposit', label: t('transactions.tabs.deposits') },
          { id: 'withdrawal', label: t('transactions.tabs.withdrawals') },
        ]}
        value={filter}
        onChange={setFilter}
      >
        <div className="pt-3">
          <TransactionList key={filter} filter={filter} />
        </div>
      </Tabs>
    </div>
  );
}
