/**
 * The games list kept in local storage for 5 minutes (docs/product-rules.md#games-cache), so a
 * return visit shows the lobby at once. The original app wrote this cache but never read it; here
 * it is read. A malformed, foreign or expired entry is ignored (and the network answers instead).
 */
import type { Game, GamesResponse } from '@mchezo/contracts/casino';
import { GAME_CATEGORIES } from '@mchezo/contracts/casino-constants';

export const GAMES_CACHE_KEY = 'mchezo.lobby.games';
export const GAMES_CACHE_TTL_MS = 5 * 60_000;
const VERSION = 1;

interface CachedGames {
  savedAt: number;
  data: GamesResponse;
}

const isGame = (g: unknown): g is Game => {
  if (!g || typeof g !== 'object') return false;
  const o = g as Record<string, unknown>;
  return (
    typeof o.game_id === 'string' &&
    typeof o.name === 'string' &&
    typeof o.thumbnail_url === 'string' &&
    (GAME_CATEGORIES as readonly unknown[]).includes(o.category)
  );
};

export function readGamesCache(now = Date.now()): CachedGames | undefined {
  try {
    const raw = localStorage.getItem(GAMES_CACHE_KEY);
    if (!raw) return undefined;
    const entry = JSON.parse(raw) as { v?: unknown; savedAt?: unknown; games?: unknown };
    if (entry?.v !== VERSION || typeof entry.savedAt !== 'number' || !Array.isArray(entry.games))
      return undefined;
    // A clock moved backwards counts as expired too: the entry's age is unknown.
    const age = now - entry.savedAt;
    if (age < 0 || age > GAMES_CACHE_TTL_MS) return undefined;
    if (!entry.games.every(isGame)) return undefined;
    return { savedAt: entry.savedAt, data: { games: entry.games } };
  } catch {
    // No storage (private mode, blocked) or unreadable JSON: as if there were no cache.
    return undefined;
  }
}

export function writeGamesCache(data: GamesResponse, now = Date.now()): void {
  try {
    localStorage.setItem(GAMES_CACHE_KEY, JSON.stringify({ v: VERSION, savedAt: now, games: data.games }));
  } catch {
    // Full or blocked storage: the cache is an optimisation, the list is already on screen.
  }
}
