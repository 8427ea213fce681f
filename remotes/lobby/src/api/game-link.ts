import { api } from '@mchezo/api-client/client';
import { ApiError } from '@mchezo/api-client/errors';
import type { GameLinkRequest, GameLinkResponse } from '@mchezo/contracts/casino';
import { queryOptions, useQuery } from '@mchezo/host/query';
import { useLanguage } from '@mchezo/i18n/namespace';

/** `POST /casino/game/link` (authenticated): the URL the game frame opens. */
const gameLinkQuery = (gameId: string, language: GameLinkRequest['language']) =>
  queryOptions({
    queryKey: ['casino', 'game-link', gameId, language],
    queryFn: ({ signal }) =>
      api.post<GameLinkResponse>('/casino/game/link', { game_id: gameId, language }, { signal }),
    // A launch link carries a short-lived token: never reuse one from cache.
    gcTime: 0,
    staleTime: 0,
    // A new link would reload the running game: fetch once per visit to the page.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // One retry for a network or server hiccup; an unknown game or a refusal will not change.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });

/** The game in the player's language (the site's current one). */
export const useGameLink = (gameId: string) => {
  const language = useLanguage() as GameLinkRequest['language'];
  return useQuery({ ...gameLinkQuery(gameId, language), enabled: gameId !== '' });
};
