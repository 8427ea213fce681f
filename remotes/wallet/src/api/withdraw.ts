import { api } from '@mchezo/api-client/client';
import type { WithdrawRequest, WithdrawResponse } from '@mchezo/contracts/wallet';
import { IDEMPOTENCY_HEADER } from '@mchezo/contracts/wallet-constants';
import { useMutation, useQueryClient } from '@mchezo/host/query';
import { outcomeUnknown } from '../lib/idempotency.ts';
import { refreshBalanceSoon } from './balance.ts';
import { TRANSACTIONS_KEY } from './transactions.ts';

interface WithdrawVariables {
  body: WithdrawRequest;
  /** One per submission; retries of the same submission carry the same key. */
  idempotencyKey: string;
}

/** POST /wallet/withdraw: the amount is reserved at once, then paid out to the phone. */
const postWithdraw = ({ body, idempotencyKey }: WithdrawVariables) =>
  api.post<WithdrawResponse>('/wallet/withdraw', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postWithdraw,
    // Same variables, same key: a retry after a lost answer cannot create a second withdrawal.
    retry: (failures, error) => failures < 2 && outcomeUnknown(error),
    retryDelay: 1000,
    onSuccess: () => {
      refreshBalanceSoon(queryClient);
      void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
    },
  });
}
