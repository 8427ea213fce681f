import { api } from '@mchezo/api-client/client';
import type { GamesResponse } from '@mchezo/contracts/casino';
import { queryOptions, useQuery } from '@mchezo/host/query';
import { GAMES_CACHE_TTL_MS, readGamesCache, writeGamesCache } from './games-cache.ts';

const fetchGames = async (signal?: AbortSignal): Promise<GamesResponse> => {
  const data = await api.get<GamesResponse>('/casino/games', { auth: false, signal });
  writeGamesCache(data);
  return data;
};

/**
 * `GET /casino/games`. On a page load the list comes from the browser cache at once (when it
 * is under 5 minutes old) and is refreshed in the background; fetched data stays fresh for
 * 5 minutes in memory, so moving between screens does not refetch.
 */
export const gamesQuery = queryOptions({
  queryKey: ['casino', 'games'],
  queryFn: ({ signal }) => fetchGames(signal),
  initialData: () => readGamesCache()?.data,
  initialDataUpdatedAt: () => readGamesCache()?.savedAt,
  // dataUpdateCount is 0 only for the stored copy: it is shown, but counts as stale.
  staleTime: (query) => (query.state.dataUpdateCount === 0 ? 0 : GAMES_CACHE_TTL_MS),
});

export const useGames = () => useQuery(gamesQuery);
