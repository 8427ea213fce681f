/**
 * The wallet balance, read by the shell's header, the wallet's pages, the profile and the lobby's
 * game page from the page's one QueryClient. Defined once here so all of them share one cache
 * entry: a deposit, a settled payment or a finished game invalidates `WALLET_BALANCE_KEY` and
 * every place that shows the balance reads it again. Store only the raw answer under this key
 * (reshape with `select`), or the other readers get the reshaped one.
 */
import { api } from '@mchezo/api-client/client';
import { sumCents } from '@mchezo/contracts/money';
import type { Balance, BalanceResponse } from '@mchezo/contracts/wallet';
import { queryOptions } from '@mchezo/host/query';

/** Every query of the player's wallet starts with this key: removing it forgets their money. */
export const WALLET_KEY = ['wallet'] as const;
export const WALLET_BALANCE_KEY = [...WALLET_KEY, 'balance'] as const;

export const walletBalanceQuery = queryOptions({
  queryKey: WALLET_BALANCE_KEY,
  queryFn: ({ signal }) => api.get<BalanceResponse>('/wallet/balance', { signal }),
});

/** The currency of a wallet: its first pot's, else KES (the only currency mobile money moves). */
export const walletCurrency = (balances: readonly Balance[] | undefined): string =>
  balances?.[0]?.currency ?? 'KES';

/** All pots together, in the wallet's currency: what the header shows. */
export function walletTotal(balances: readonly Balance[] | undefined): { cents: number; currency: string } {
  return { cents: sumCents((balances ?? []).map((b) => b.amount)), currency: walletCurrency(balances) };
}
