import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { v7 } from 'uuid';

/**
 * A UUIDv7: time-ordered, so a new row's key lands on the last page of each index keyed by it
 * (a table's primary key, the ledger's reference) instead of a random page. Still unguessable.
 */
export const newId = (): string => v7();
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
/** A Subresource Integrity value: what a browser checks a `<script integrity>` against (the site's). */
export { sha384Integrity } from '@mchezo/site/integrity';
export const hmacHex = (secret: string, value: string): string =>
  createHmac('sha256', secret).update(value).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export const randomDigits = (length: number): string =>
  Array.from({ length }, () => String(randomInt(0, 10))).join('');

/** An HS256 key for `signToken`/`verifyToken`, made once from a secret. */
export const tokenKey = (secret: string): Uint8Array => new TextEncoder().encode(secret);

/** A signed JWT (HS256): `claims` plus `iat` = now and `exp` = now + ttl, in seconds. */
export function signToken(
  key: Uint8Array,
  claims: Record<string, string>,
  nowMs: number,
  ttlSeconds: number,
): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(key);
}

type TokenResult = { ok: true; claims: JWTPayload } | { ok: false; expired: boolean };

/**
 * Checks a token of `signToken` as of `nowMs`: HS256 only (alg "none" and every other
 * algorithm are refused), signature, then expiry. An expired token is told apart from an
 * invalid one (the client refreshes the first and signs in again after the second).
 */
export async function verifyToken(key: Uint8Array, token: string, nowMs: number): Promise<TokenResult> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      typ: 'JWT',
      requiredClaims: ['exp'],
      currentDate: new Date(nowMs),
    });
    return { ok: true, claims: payload };
  } catch (err) {
    return { ok: false, expired: err instanceof errors.JWTExpired };
  }
}

/**
 * Whether `given` equals one of `accepted`, in time that depends on neither the values nor their
 * lengths nor which one matched: each is compared (as SHA-256 digests, so lengths agree).
 */
export function matchesAnySecret(given: string, accepted: readonly string[]): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const mine = digest(given);
  let found = false;
  for (const secret of accepted) found = timingSafeEqual(mine, digest(secret)) || found;
  return found;
}
