import { api } from '@mchezo/api-client/client';
import { ApiError } from '@mchezo/api-client/errors';
import type { GameLinkResponse } from '@mchezo/contracts/casino';
import { queryOptions, useQuery } from '@mchezo/host/query';

/** `POST /casino/game/link` (authenticated): the URL the game frame opens. */
export const gameLinkQuery = (gameId: string) =>
  queryOptions({
    queryKey: ['casino', 'game-link', gameId],
    queryFn: ({ signal }) => api.post<GameLinkResponse>('/casino/game/link', { game_id: gameId }, { signal }),
    // A launch link carries a short-lived token: never reuse one from cache.
    gcTime: 0,
    staleTime: 0,
    // A new link would reload the running game: fetch once per visit to the page.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // One retry for a network or server hiccup; an unknown game or a refusal will not change.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });

export const useGameLink = (gameId: string) => useQuery({ ...gameLinkQuery(gameId), enabled: gameId !== '' });
