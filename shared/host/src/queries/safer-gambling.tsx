/**
 * The player's safer-gambling settings (GET /safer-gambling: limits with pending changes, the
 * restriction in force, the reality-check interval; docs/decisions/020-safer-gambling.md), read by
 * the profile (which owns them: its changes write their answer here) and the lobby's game page
 * (the reality check's interval). Store only the raw answer under this key (reshape with `select`).
 */
import { api } from '@mchezo/api-client/client';
import type { SaferGamblingResponse } from '@mchezo/contracts/safer-gambling';
import { queryOptions } from '@mchezo/host/query';

export const SAFER_GAMBLING_KEY = ['safer-gambling'] as const;

export const saferGamblingQuery = queryOptions({
  queryKey: SAFER_GAMBLING_KEY,
  queryFn: ({ signal }) => api.get<SaferGamblingResponse>('/safer-gambling', { signal }),
});
