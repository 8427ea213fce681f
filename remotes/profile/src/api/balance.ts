import { api } from '@mchezo/api-client/client';
import type { Balance, BalanceResponse } from '@mchezo/contracts/wallet';
import { queryOptions, useQuery } from '@mchezo/host/query';

/**
 * The pots a wallet has (decisions.md), in the order the server sends them. A copy of the
 * `BalanceType` enum in `@mchezo/contracts/wallet`, which is a zod file the browser must not load.
 */
export const BALANCE_TYPES = ['main', 'withdrawal', 'bonus'] as const;

/**
 * The key and the raw response are shared with the shell's header balance, so both read one
 * cache entry: never store a reshaped response under this key.
 */
export const balanceQuery = queryOptions({
  queryKey: ['wallet', 'balance'],
  queryFn: ({ signal }) => api.get<BalanceResponse>('/wallet/balance', { signal }),
});

/** Main balance first (spec §2), then the other pots in the server's order. */
export function mainFirst(balances: readonly Balance[]): Balance[] {
  return [
    ...balances.filter((b) => b.balance_type === 'main'),
    ...balances.filter((b) => b.balance_type !== 'main'),
  ];
}

export const useBalances = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...balanceQuery, enabled, select: (res) => mainFirst(res.balances) });
