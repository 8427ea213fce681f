import { api } from '@mchezo/api-client/client';
import type { StatementResponse } from '@mchezo/contracts/safer-gambling';
import { SAFER_GAMBLING_KEY, saferGamblingQuery } from '@mchezo/host/queries/safer-gambling';
import { useQuery } from '@mchezo/host/query';

/** The player's reality-check interval in minutes (null: off), from GET /safer-gambling. */
export const useRealityCheckMinutes = () =>
  useQuery({
    ...saferGamblingQuery,
    select: (state) => state.reality_check_minutes,
    // A settings read: a failure only means no reminder, never a broken game page.
    retry: false,
  });

/** Stakes and wins since `from` (ISO), asked when the reality check opens. */
export const useSessionStatement = (from: string, enabled: boolean) =>
  useQuery({
    queryKey: [...SAFER_GAMBLING_KEY, 'statement', from],
    queryFn: ({ signal }) =>
      api.get<StatementResponse>(`/safer-gambling/statement?${new URLSearchParams({ from })}`, { signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
