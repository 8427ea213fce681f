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

/** GET /api/v1/casino/thumbnails/:file */
export const ThumbnailParams = z.strictObject({ file: z.string().max(80) });
/** The thumbnail itself: an SVG document (image/svg+xml). */
export const ThumbnailResponse = z.string();

// ---- The seamless-wallet API for game providers (server to server, /api/v1/casino/seamless) ----
// Requests are signed: X-Timestamp (unix seconds) and X-Signature =
// hex HMAC-SHA256(key, `${timestamp}.${raw body}`); amounts are numbers with two decimals.

/** How far a request's X-Timestamp may be from the operator's clock. */
export const SEAMLESS_MAX_SKEW_SECONDS = 300;
const SeamlessId = z.string().min(1).max(100);
const SeamlessMoney = z
  .number()
  .nonnegative()
  .max(1_000_000)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'at most two decimals');

/** POST …/seamless/balance */
export const SeamlessBalanceRequest = z.strictObject({
  player_id: SeamlessId,
  currency: z.string().length(3).optional(),
});
/** POST …/seamless/session: opens a game session with the operator's one-time launch id (the game link carried it). */
export const SeamlessSessionRequest = z.strictObject({
  player_id: SeamlessId,
  game_id: SeamlessId,
  launch_id: SeamlessId,
});
/** POST …/seamless/bet and …/win */
export const SeamlessMoneyRequest = z.strictObject({
  transaction_id: SeamlessId,
  player_id: SeamlessId,
  round_id: SeamlessId,
  game_id: SeamlessId,
  amount: SeamlessMoney,
  currency: z.string().length(3),
});
/** POST …/seamless/rollback */
export const SeamlessRollbackRequest = z.strictObject({
  transaction_id: SeamlessId,
  player_id: SeamlessId,
  round_id: SeamlessId,
  game_id: SeamlessId,
  rolled_back_transaction_id: SeamlessId,
});
/** What every seamless call answers. */
export const SeamlessBalanceResponse = z.object({
  balance: z.number(),
  currency: z.string(),
  transaction_id: z.string().optional(),
});
export type SeamlessBalanceResponse = z.infer<typeof SeamlessBalanceResponse>;

// ---- The built-in demo game provider's own calls (its game page's, /api/v1/games/demo) ----

/** POST /games/demo/session: the game page trades its launch token for a session. */
export const DemoSessionRequest = z.strictObject({ launch_token: z.string().min(1).max(2000) });
export const DemoSessionResponse = z.object({
  session_token: z.string(),
  game_name: z.string(),
  balance: z.number(),
  currency: z.string(),
  stakes: z.array(z.number()),
});
/** POST /games/demo/spin: a stake among the game's `stakes` (they follow MIN_STAKE_KES). */
export const demoSpinRequest = (stakes: number[]) =>
  z.strictObject({ session_token: z.string().min(1).max(2000), stake: z.literal(stakes) });
export const DemoSpinResponse = z.object({
  round_id: z.string(),
  reels: z.array(z.string()),
  stake: z.number(),
  win: z.number(),
  balance: z.number(),
  currency: z.string(),
});
