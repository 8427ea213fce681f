import { z } from 'zod';
import { GAME_CATEGORIES } from './casino-constants.ts';

export const GameCategory = z.enum(GAME_CATEGORIES);
export type GameCategory = z.infer<typeof GameCategory>;

export { GAME_CATEGORY_ORDER } from './casino-constants.ts';

export const Game = z.object({
  game_id: z.string(),
  name: z.string(),
  /** Absolute URL of a small image served by the API. */
  thumbnail_url: z.string(),
  category: GameCategory,
});
export type Game = z.infer<typeof Game>;

/** GET /api/v1/casino/games */
export const GamesResponse = z.object({ games: z.array(Game) });
export type GamesResponse = z.infer<typeof GamesResponse>;

/** POST /api/v1/casino/game/link (authenticated) */
export const GameLinkRequest = z.strictObject({
  game_id: z.string().trim().min(1).max(64),
  /** The player's language, for the game's own words (en when left out). */
  language: z.enum(['en', 'es', 'fr', 'sw']).optional(),
});
export type GameLinkRequest = z.infer<typeof GameLinkRequest>;

export const GameLinkResponse = z.object({
  /** URL of the game page for the embedded frame; carries a short-lived launch token. */
  game_link: z.string(),
});
export type GameLinkResponse = z.infer<typeof GameLinkResponse>;
