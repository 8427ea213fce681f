import { z } from 'zod';

/** POST /auth/chat-token (authenticated, empty body) */
export const ChatTokenRequest = z.strictObject({}).nullish();

export const ChatTokenResponse = z.object({
  /** Hex HMAC-SHA256 of `chat_user_id` with the support-chat secret (identity verification). */
  chat_token: z.string(),
  /** The identity the token signs: the player's E.164 phone. */
  chat_user_id: z.string(),
});
export type ChatTokenResponse = z.infer<typeof ChatTokenResponse>;
