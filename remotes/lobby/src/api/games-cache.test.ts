import { describe, expect, it } from 'vitest';
import { GAMES_CACHE_KEY, GAMES_CACHE_TTL_MS, readGamesCache, writeGamesCache } from './games-cache.ts';

const games = [{ game_id: 'g1', name: 'G1', thumbnail_url: '/t/g1.svg', category: 'spin' as const }];

describe('games cache', () => {
  it('reads back what it wrote for 5 minutes, and nothing after', () => {
    writeGamesCache({ games }, 1_000);
    expect(readGamesCache(1_000 + GAMES_CACHE_TTL_MS)).toEqual({ savedAt: 1_000, data: { games } });
    expect(readGamesCache(1_000 + GAMES_CACHE_TTL_MS + 1)).toBeUndefined();
  });

  it('ignores an entry from the future, of another shape or version, or with an unknown category', () => {
    writeGamesCache({ games }, 5_000);
    expect(readGamesCache(4_000)).toBeUndefined();
    localStorage.setItem(GAMES_CACHE_KEY, JSON.stringify({ v: 2, savedAt: 5_000, games }));
    expect(readGamesCache(5_000)).toBeUndefined();
    localStorage.setItem(
      GAMES_CACHE_KEY,
      JSON.stringify({ v: 1, savedAt: 5_000, games: [{ ...games[0], category: 'bingo' }] }),
    );
    expect(readGamesCache(5_000)).toBeUndefined();
    localStorage.setItem(GAMES_CACHE_KEY, 'null');
    expect(readGamesCache(5_000)).toBeUndefined();
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    const real = globalThis.localStorage;
    Object.defineProperty(globalThis, 'localStorage', { value: broken, configurable: true });
    try {
      expect(() => writeGamesCache({ games })).not.toThrow();
      expect(readGamesCache()).toBeUndefined();
    } finally {
      Object.defineProperty(globalThis, 'localStorage', { value: real, configurable: true });
    }
  });
});
