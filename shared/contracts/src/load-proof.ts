/**
 * The proof of a page load (docs/decisions/060-health-counts-people.md), zod-free for the shell:
 * a nonce such that sha256(`challenge:nonce`) starts with `bits` zero bits. The shell searches
 * nonces 0, 1, 2… written in base 36; the API checks the one it is sent with one hash.
 */

/** What is hashed for a nonce. */
export const proofInput = (challenge: string, nonce: string): string => `${challenge}:${nonce}`;

/** Whether `digest` starts with `bits` zero bits. */
export function startsWithZeroBits(digest: Uint8Array, bits: number): boolean {
  let left = bits;
  for (const byte of digest) {
    if (left <= 0) return true;
    if (left >= 8) {
      if (byte !== 0) return false;
      left -= 8;
    } else return byte >> (8 - left) === 0;
  }
  return left <= 0;
}
