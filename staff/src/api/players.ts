/**
 * Players for the support desk (api/README.md "Players (staff)", decision 053): search, the
 * player 360, transactions, rounds, sessions with a force-logout, notes, and revealing a masked
 * identity field with a reason.
 */
import type {
  Player360,
  PlayerLogoutRequest,
  PlayerLogoutResponse,
  PlayerNote,
  PlayerNoteRequest,
  PlayerNotesResponse,
  PlayerRevealRequest,
  PlayerRevealResponse,
  PlayerRoundsResponse,
  PlayerSearchResponse,
  PlayerSessionsResponse,
  PlayerTransactionsQuery,
  PlayerTransactionsResponse,
} from '@mchezo/contracts/staff-players';
import type { PlayerStatusName, RevealField } from '@mchezo/contracts/staff-players-constants';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { queryString, staffApi } from './client.ts';

export const playerKeys = {
  all: ['players'] as const,
  search: (q: string, status: string) => ['players', 'search', q, status] as const,
  one: (id: string) => ['players', id] as const,
  transactions: (id: string, filters: TransactionFilters) =>
    ['players', id, 'transactions', filters] as const,
  rounds: (id: string) => ['players', id, 'rounds'] as const,
  sessions: (id: string) => ['players', id, 'sessions'] as const,
  notes: (id: string) => ['players', id, 'notes'] as const,
};

const base = (id: string) => `/staff/players/${encodeURIComponent(id)}`;

/** Newest first, 25 a page; nothing is asked until there is a query of 3 characters or a status. */
export function usePlayerSearch(q: string, status: PlayerStatusName | '') {
  return useInfiniteQuery({
    queryKey: playerKeys.search(q, status),
    enabled: q.length >= 3 || status !== '',
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      staffApi.get<PlayerSearchResponse>(`/staff/players${queryString({ q, status, cursor: pageParam })}`, {
        signal,
      }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function usePlayer(id: string) {
  return useQuery({
    queryKey: playerKeys.one(id),
    queryFn: ({ signal }) => staffApi.get<Player360>(base(id), { signal }),
  });
}

/** A filter's choice on the page: one of the query's values, or '' for any. */
type Choice<T> = NonNullable<T> | '';

export interface TransactionFilters {
  kind: Choice<PlayerTransactionsQuery['kind']>;
  status: Choice<PlayerTransactionsQuery['status']>;
  /** YYYY-MM-DD, Nairobi days. */
  from: string;
  to: string;
}

/** A Nairobi calendar day's start as an instant (Kenya is UTC+3 all year). */
const dayStart = (day: string) => (day ? `${day}T00:00:00+03:00` : undefined);
const dayAfter = (day: string) =>
  day ? new Date(Date.parse(`${day}T00:00:00+03:00`) + 86_400_000).toISOString() : undefined;

export function usePlayerTransactions(id: string, f: TransactionFilters) {
  return useInfiniteQuery({
    queryKey: playerKeys.transactions(id, f),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      staffApi.get<PlayerTransactionsResponse>(
        `${base(id)}/transactions${queryString({
          kind: f.kind,
          status: f.status,
          from: dayStart(f.from),
          to: dayAfter(f.to),
          cursor: pageParam,
        })}`,
        { signal },
      ),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function usePlayerRounds(id: string) {
  return useInfiniteQuery({
    queryKey: playerKeys.rounds(id),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      staffApi.get<PlayerRoundsResponse>(`${base(id)}/rounds${queryString({ cursor: pageParam })}`, {
        signal,
      }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function usePlayerSessions(id: string) {
  return useQuery({
    queryKey: playerKeys.sessions(id),
    queryFn: ({ signal }) => staffApi.get<PlayerSessionsResponse>(`${base(id)}/sessions`, { signal }),
  });
}

export function usePlayerNotes(id: string) {
  return useQuery({
    queryKey: playerKeys.notes(id),
    queryFn: ({ signal }) => staffApi.get<PlayerNotesResponse>(`${base(id)}/notes`, { signal }),
  });
}

/** Ends every session of the player; the sessions and the 360 are read again. */
export function useForceLogout(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      staffApi.post<PlayerLogoutResponse>(`${base(id)}/logout`, { reason } satisfies PlayerLogoutRequest),
    onSuccess: () => client.invalidateQueries({ queryKey: playerKeys.one(id) }),
  });
}

export function useAddNote(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      staffApi.post<PlayerNote>(`${base(id)}/notes`, { text } satisfies PlayerNoteRequest),
    onSuccess: () => client.invalidateQueries({ queryKey: playerKeys.notes(id) }),
  });
}

/** The full value of a masked field; kept in the screen's state only, never cached. */
export const revealField = (id: string, field: RevealField, reason: string) =>
  staffApi.post<PlayerRevealResponse>(`${base(id)}/reveal`, { field, reason } satisfies PlayerRevealRequest);
