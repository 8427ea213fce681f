import { api } from '@mchezo/api-client/client';
import type { Balance, BalanceResponse, BalanceType } from '@mchezo/contracts/wallet';
import { type QueryClient, queryOptions, useQuery } from '@mchezo/host/query';
import { sumCents, toCents } from '../lib/money.ts';
import { BALANCE_REFRESH_DELAY_MS, FALLBACK_CURRENCY } from '../wallet-constants.ts';

/** The shell's header reads the same key from the same QueryClient: invalidating it updates both. */
export const BALANCE_KEY = ['wallet', 'balance'] as const;

export const balanceQuery = queryOptions({
  queryKey: BALANCE_KEY,
  queryFn: ({ signal }) => api.get<BalanceResponse>('/wallet/balance', { signal }),
});

export const useBalance = () => useQuery(balanceQuery);

/** Spec §4: after a deposit or withdrawal request the balance is read again after 2 s. */
export function refreshBalanceSoon(queryClient: QueryClient): void {
  setTimeout(() => void queryClient.invalidateQueries({ queryKey: BALANCE_KEY }), BALANCE_REFRESH_DELAY_MS);
}

export interface Pot {
  cents: number;
  currency: string;
}

/** The wallet's currency: the first balance's (spec §4 header rule), else KES. */
export const walletCurrency = (balances: readonly Balance[] | undefined): string =>
  balances?.[0]?.currency ?? FALLBACK_CURRENCY;

/** One pot (withdraw uses `withdrawal`, decisions.md); a missing pot counts as 0. */
export function potOf(balances: readonly Balance[], type: BalanceType): Pot {
  const b = balances.find((x) => x.balance_type === type);
  return { cents: b ? toCents(b.amount) : 0, currency: b?.currency ?? walletCurrency(balances) };
}

/** All pots together, like the header (spec §4 "Header balance"). */
export const totalOf = (balances: readonly Balance[]): Pot => ({
  cents: sumCents(balances.map((b) => b.amount)),
  currency: walletCurrency(balances),
});
