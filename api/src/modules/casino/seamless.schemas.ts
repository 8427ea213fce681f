import { z } from 'zod';

/**
 * Seamless-wallet API for game providers (server to server, under /api/v1/casino/seamless).
 * Requests are signed: X-Timestamp (unix seconds) and X-Signature =
 * hex HMAC-SHA256(key, `${timestamp}.${raw body}`); amounts are numbers with two decimals.
 */
const Id = z.string().min(1).max(100);
const Money = z
  .number()
  .nonnegative()
  .max(1_000_000)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'at most two decimals');

export const SeamlessBalanceRequest = z.strictObject({
  player_id: Id,
  currency: z.string().length(3).optional(),
});
/** Opens a game session with the operator's one-time launch id (the game link carried it). */
export const SeamlessSessionRequest = z.strictObject({
  player_id: Id,
  game_id: Id,
  launch_id: Id,
});
export const SeamlessMoneyRequest = z.strictObject({
  transaction_id: Id,
  player_id: Id,
  round_id: Id,
  game_id: Id,
  amount: Money,
  currency: z.string().length(3),
});
export const SeamlessRollbackRequest = z.strictObject({
  transaction_id: Id,
  player_id: Id,
  round_id: Id,
  game_id: Id,
  rolled_back_transaction_id: Id,
});
export const SeamlessBalanceResponse = z.object({
  balance: z.number(),
  currency: z.string(),
  transaction_id: z.string().optional(),
});
export type SeamlessBalanceResponse = z.infer<typeof SeamlessBalanceResponse>;
export const SEAMLESS_MAX_SKEW_SECONDS = 300;
