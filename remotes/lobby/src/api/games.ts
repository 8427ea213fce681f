import { api } from '@mchezo/api-client/client';
import type { GameLinkResponse, GamesResponse } from '@mchezo/contracts/casino';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const gamesQuery = queryOptions({
  queryKey: ['casino', 'games'],
  queryFn: ({ signal }) => api.get<GamesResponse>('/casino/games', { auth: false, signal }),
  staleTime: 5 * 60_000,
});

export const useGames = () => useQuery(gamesQuery);

export const gameLinkQuery = (gameId: string) =>
  queryOptions({
    queryKey: ['casino', 'game-link', gameId],
    queryFn: ({ signal }) => api.post<GameLinkResponse>('/casino/game/link', { game_id: gameId }, { signal }),
    // A launch link carries a short-lived token: never reuse one from cache.
    gcTime: 0,
    staleTime: 0,
    retry: 1,
  });

export const useGameLink = (gameId: string) => useQuery({ ...gameLinkQuery(gameId), enabled: gameId !== '' });
