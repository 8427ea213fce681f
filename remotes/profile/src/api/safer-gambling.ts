import { api } from '@mchezo/api-client/client';
import type {
  DepositLimitsRequest,
  LossLimitsRequest,
  RealityCheckRequest,
  SaferGamblingResponse,
  SelfExclusionLength,
  StakeLimitRequest,
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

/** Which limits a form sets: deposits or net loss per period, or one stake. */
export type LimitKind = 'deposit' | 'loss' | 'stake';
/** The fields a limits form changes, by key (a period, or `bet`); null removes a limit. */
export type LimitsChange = Record<string, number | null>;

const LIMIT_CHANGES: Record<LimitKind, (body: LimitsChange) => Promise<SaferGamblingResponse>> = {
  deposit: (body) => api.put('/safer-gambling/deposit-limits', body as DepositLimitsRequest),
  loss: (body) => api.put('/safer-gambling/loss-limits', body as LossLimitsRequest),
  stake: (body) =>
    api.put('/safer-gambling/stake-limit', { amount: body.bet ?? null } satisfies StakeLimitRequest),
};

export const useSetLimits = (kind: LimitKind) => useSaferChange(LIMIT_CHANGES[kind]);

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
