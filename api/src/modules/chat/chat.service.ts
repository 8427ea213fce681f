import type { ChatTokenResponse } from '@mchezo/contracts/chat';
import { hmacHex } from '../../lib/crypto.js';
import type { ChatConfig } from './chat.config.js';

/**
 * Identity verification for the support chat widget: the widget vendor recomputes
 * HMAC-SHA256(secret, user id) and trusts the identity only when it matches.
 * The signed identity is the player's E.164 phone, the id the widget is identified with.
 */
export function chatTokenFor(config: ChatConfig, phone: string): ChatTokenResponse {
  return { chat_token: hmacHex(config.CHAT_TOKEN_SECRET, phone), chat_user_id: phone };
}
