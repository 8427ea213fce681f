import { hmacHex } from './crypto.js';

/**
 * The seamless-wallet protocol's signature, shared by the operator's wallet API and any game
 * provider calling it: HMAC-SHA256 of `<unix seconds>.<raw body>` under a key derived from
 * GAME_PROVIDER_SECRET (so the root secret itself is never shared), sent in two headers.
 */
export const SEAMLESS_SIGNATURE_HEADER = 'x-signature';
export const SEAMLESS_TIMESTAMP_HEADER = 'x-timestamp';

/** The key providers sign with. */
export const seamlessKey = (secret: string) => hmacHex(secret, 'seamless-wallet-v1');

export function signSeamless(key: string, timestamp: number, rawBody: string): string {
  return hmacHex(key, `${timestamp}.${rawBody}`);
}
