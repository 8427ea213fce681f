/** The environment variables the support chat module reads. */
import { z } from 'zod';
import { type ConfigOf, secret } from '../../env-values.js';

export const ChatConfig = z.object({
  /** Signs the player's identity for the support chat widget (chat.service.ts). */
  CHAT_TOKEN_SECRET: secret,
});
export type ChatConfig = ConfigOf<typeof ChatConfig>;
