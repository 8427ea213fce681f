import { api } from '@mchezo/api-client/client';
import type {
  DepositLimitsRequest,
  RealityCheckRequest,
  SaferGamblingResponse,
  SelfExclusionLength,
  StatementResponse,
  TimeOutLength,
} from '@mchezo/contracts/safer-gambling';
import type { StatementPeriod } from '@mchezo/contracts/safer-gambling-constants';
import { SAFER_GAMBLING_KEY, saferGamblingQuery } from '@mchezo/host/queries/safer-gambling';
import { useMutation, useQuery, useQueryClient } from '@mchezo/host/query';

const STATEMENT_KEY = [...SAFER_GAMBLING_KEY, 'statement'] as const;

/** GET /safer-gambling (`@mchezo/host/queries/safer-gambling`, shared with the lobby's reality check). */
export const useSaferGambling = () => useQuery(saferGamblingQuery);

/** Every change answers the whole state: the cache takes it as it is. */
function useSaferChange<V>(send: (vars: V) => Promise<SaferGamblingResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (state) => queryClient.setQueryData(SAFER_GAMBLING_KEY, state),
  });
}

export const useSetDepositLimits = () =>
  useSaferChange((body: DepositLimitsRequest) =>
    api.put<SaferGamblingResponse>('/safer-gambling/deposit-limits', body),
  );

export type Restrict =
  | { kind: 'time_out'; length: TimeOutLength }
  | { kind: 'self_exclusion'; length: SelfExclusionLength };

export const useRestrict = () =>
  useSaferChange(({ kind, length }: Restrict) =>
    api.post<SaferGamblingResponse>(
      kind === 'time_out' ? '/safer-gambling/time-out' : '/safer-gambling/self-exclusion',
      { length },
    ),
  );

export const useSetRealityCheck = () =>
  useSaferChange((body: RealityCheckRequest) =>
    api.put<SaferGamblingResponse>('/safer-gambling/reality-check', body),
  );

/** GET /safer-gambling/statement?period=…: the calendar period so far, Kenya time. */
export const useStatement = (period: StatementPeriod) =>
  useQuery({
    queryKey: [...STATEMENT_KEY, period],
    queryFn: ({ signal }) =>
      api.get<StatementResponse>(`/safer-gambling/statement?period=${period}`, { signal }),
  });
