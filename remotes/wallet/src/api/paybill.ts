import { api } from '@mchezo/api-client/client';
import type { PaybillResponse } from '@mchezo/contracts/wallet';
import { WALLET_KEY } from '@mchezo/host/queries/wallet-balance';
import { queryOptions, useQuery } from '@mchezo/host/query';

/** The paybill and the player's own account number: they never change, so read once. */
const paybillQuery = queryOptions({
  queryKey: [...WALLET_KEY, 'paybill'] as const,
  queryFn: ({ signal }) => api.get<PaybillResponse>('/wallet/paybill', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export const usePaybill = (enabled: boolean) => useQuery({ ...paybillQuery, enabled });
