import { toCents } from '@mchezo/contracts/money';
import type { Balance, BalanceType } from '@mchezo/contracts/wallet';
import { WALLET_BALANCE_KEY, walletBalanceQuery, walletCurrency } from '@mchezo/host/queries/wallet-balance';
import { type QueryClient, useQuery } from '@mchezo/host/query';
import { BALANCE_REFRESH_DELAY_MS } from '../screen-constants.ts';

/** The balance from the page's one cache entry, shared with the header (`@mchezo/host/queries`). */
export const useBalance = () => useQuery(walletBalanceQuery);

/** After a deposit or withdrawal request the balance is read again after 2 s. */
export function refreshBalanceSoon(queryClient: QueryClient): void {
  setTimeout(
    () => void queryClient.invalidateQueries({ queryKey: WALLET_BALANCE_KEY }),
    BALANCE_REFRESH_DELAY_MS,
  );
}

export interface Pot {
  cents: number;
  currency: string;
}

/** One pot (withdraw uses `withdrawal`); a missing pot counts as 0. */
export function potOf(balances: readonly Balance[], type: BalanceType): Pot {
  const b = balances.find((x) => x.balance_type === type);
  return { cents: b ? toCents(b.amount) : 0, currency: b?.currency ?? walletCurrency(balances) };
}
