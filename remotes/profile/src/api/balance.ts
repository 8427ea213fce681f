import type { Balance } from '@mchezo/contracts/wallet';
import { walletBalanceQuery } from '@mchezo/host/queries/wallet-balance';
import { useQuery } from '@mchezo/host/query';

/** Main balance first, then the other pots in the server's order. */
function mainFirst(balances: readonly Balance[]): Balance[] {
  return [
    ...balances.filter((b) => b.balance_type === 'main'),
    ...balances.filter((b) => b.balance_type !== 'main'),
  ];
}

/** The balance from the page's one cache entry (shared with the header), main pot first. */
export const useBalances = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...walletBalanceQuery, enabled, select: (res) => mainFirst(res.balances) });
