/**
 * The casino module's tables: the catalogue (0001_initial, db/migrations/) and game links
 * (./migrations/). Part of `DB` in db/schema.ts.
 */
export interface CasinoTables {
  games: GamesTable;
  game_launches: GameLaunchesTable;
}

export interface GamesTable {
  id: string;
  name: string;
  category: 'slots' | 'spin' | 'sports' | 'live_sports';
  thumbnail: string;
  sort_order: number;
  enabled: number;
  created_at: number;
}

/** A game link handed out; `used_at` is set when its one game session opens (migration 0015). */
export interface GameLaunchesTable {
  id: string;
  user_id: string;
  game_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
