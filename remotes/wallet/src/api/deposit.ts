import { api } from '@mchezo/api-client/client';
import type { DepositRequest, DepositResponse } from '@mchezo/contracts/wallet';
import { IDEMPOTENCY_HEADER } from '@mchezo/contracts/wallet-constants';
import { useMutation, useQueryClient } from '@mchezo/host/query';
import { outcomeUnknown } from '../lib/idempotency.ts';
import { refreshBalanceSoon } from './balance.ts';
import { TRANSACTIONS_KEY } from './transactions.ts';

interface DepositVariables {
  body: DepositRequest;
  /** One per submission; retries of the same submission carry the same key. */
  idempotencyKey: string;
}

/** POST /wallet/deposit: a pending deposit and a payment prompt on the player's phone. */
const postDeposit = ({ body, idempotencyKey }: DepositVariables) =>
  api.post<DepositResponse>('/wallet/deposit', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

export function useDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postDeposit,
    // Same variables, same key: a retry after a lost answer cannot create a second deposit.
    retry: (failures, error) => failures < 2 && outcomeUnknown(error),
    retryDelay: 1000,
    onSuccess: () => {
      refreshBalanceSoon(queryClient);
      void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
    },
  });
}
