/**
 * The header's balance. The key `['wallet', 'balance']` is shared with the wallet and profile
 * remotes (one QueryClient for the page), so a deposit or a finished game refreshes the header.
 */
import { api } from '@mchezo/api-client/client';
import type { BalanceResponse } from '@mchezo/contracts/wallet';
import { queryOptions, useQuery } from '@mchezo/host/query';

export const WALLET_BALANCE_KEY = ['wallet', 'balance'] as const;

export const walletBalanceQuery = queryOptions({
  queryKey: WALLET_BALANCE_KEY,
  queryFn: ({ signal }) => api.get<BalanceResponse>('/wallet/balance', { signal }),
});

export const useWalletBalance = (enabled: boolean) => useQuery({ ...walletBalanceQuery, enabled });

/**
 * Spec §4: the sum of all balances, in the first balance's currency (KES when there is none).
 * Summed in integer cents: the API's amounts have at most two decimals.
 */
export function headerTotal(response: BalanceResponse | undefined): { amount: number; currency: string } {
  const balances = response?.balances ?? [];
  const cents = balances.reduce((sum, b) => sum + Math.round(b.amount * 100), 0);
  return { amount: cents / 100, currency: balances[0]?.currency ?? 'KES' };
}
