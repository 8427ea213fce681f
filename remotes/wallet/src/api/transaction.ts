import { api } from '@mchezo/api-client/client';
import { ApiError } from '@mchezo/api-client/errors';
import type { Transaction, TransactionResponse } from '@mchezo/contracts/wallet';
import { WALLET_KEY } from '@mchezo/host/queries/wallet-balance';
import { queryOptions, useQuery } from '@mchezo/host/query';
import { FOLLOW_FAST_INTERVAL_MS, FOLLOW_FAST_READS, FOLLOW_SLOW_INTERVAL_MS } from '../screen-constants.ts';

const transactionKey = (id: string) => [...WALLET_KEY, 'transaction', id] as const;

/**
 * One transaction, read again while it is pending (docs/product-rules.md#pending-requests). Stops
 * by itself once settled.
 */
const transactionQuery = (id: string) =>
  queryOptions({
    queryKey: transactionKey(id),
    queryFn: ({ signal }) =>
      api.get<TransactionResponse>(`/wallet/transactions/${encodeURIComponent(id)}`, { signal }),
    select: (r): Transaction => r.transaction,
    refetchInterval: ({ state }) => {
      // Settled, or a transaction that is not (or no longer) ours: nothing left to follow.
      if (state.data && state.data.transaction.status !== 'pending') return false;
      if (state.error instanceof ApiError && state.error.status < 500) return false;
      return state.dataUpdateCount < FOLLOW_FAST_READS ? FOLLOW_FAST_INTERVAL_MS : FOLLOW_SLOW_INTERVAL_MS;
    },
    // A phone in a pocket still has to see its deposit settle.
    refetchIntervalInBackground: true,
  });

/** `follow` false: the request answered settled already, nothing to read. */
export const useTransaction = (id: string, follow: boolean) =>
  useQuery({ ...transactionQuery(id), enabled: follow });
