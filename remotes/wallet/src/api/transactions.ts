import { api } from '@mchezo/api-client/client';
import type { TransactionsResponse, TransactionType } from '@mchezo/contracts/wallet';
import { TRANSACTIONS_DEFAULT_PAGE_SIZE } from '@mchezo/contracts/wallet-constants';
import { WALLET_KEY } from '@mchezo/host/queries/wallet-balance';
import { infiniteQueryOptions, useInfiniteQuery } from '@mchezo/host/query';
import { FOLLOW_FAST_INTERVAL_MS, FOLLOW_FAST_READS, FOLLOW_SLOW_INTERVAL_MS } from '../screen-constants.ts';

/** Every list of transactions, whatever its filter: invalidate this after money moves. */
export const TRANSACTIONS_KEY = [...WALLET_KEY, 'transactions'] as const;

export type TransactionsFilter = 'all' | TransactionType;

function transactionsPath(filter: TransactionsFilter, pageToken: string | null): string {
  const params = new URLSearchParams({ page_size: String(TRANSACTIONS_DEFAULT_PAGE_SIZE) });
  if (pageToken) params.set('page_token', pageToken);
  if (filter !== 'all') params.set('type', filter);
  return `/wallet/transactions?${params}`;
}

const transactionsQuery = (filter: TransactionsFilter) =>
  infiniteQueryOptions({
    queryKey: [...TRANSACTIONS_KEY, filter],
    queryFn: ({ pageParam, signal }) =>
      api.get<TransactionsResponse>(transactionsPath(filter, pageParam), { signal }),
    initialPageParam: null as string | null,
    // More pages exist only if a token came back.
    getNextPageParam: (last) => last.next_page_token ?? undefined,
    // A pending card settles on screen without a reload (docs/product-rules.md#pending-requests):
    // the list is read again while it shows one, quickly at first, then gently; not at all once
    // nothing is pending.
    refetchInterval: ({ state }) => {
      const pending = state.data?.pages.some((p) => p.transactions.some((t) => t.status === 'pending'));
      if (!pending) return false;
      return state.dataUpdateCount < FOLLOW_FAST_READS ? FOLLOW_FAST_INTERVAL_MS : FOLLOW_SLOW_INTERVAL_MS;
    },
  });

export const useTransactions = (filter: TransactionsFilter) => useInfiniteQuery(transactionsQuery(filter));
