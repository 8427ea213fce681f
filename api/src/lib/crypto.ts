import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * A UUIDv7 (RFC 9562): the millisecond time in the first 48 bits, then 74 random bits (from
 * randomUUID's pooled random bytes). Ids made one after another sort one after another, so a
 * new row's key goes to the last page of each B-tree keyed by it (a table's primary key, the
 * ledger's reference, the provider reference) instead of a random page: a write transaction
 * touches and logs a few pages instead of one per index per row. Still unguessable.
 */
export function newId(): string {
  const time = Date.now().toString(16).padStart(12, '0');
  // randomUUID(): xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx; the variant (V) is already RFC 9562's.
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randomUUID().slice(15)}`;
}
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
export const hmacHex = (secret: string, value: string): string =>
  createHmac('sha256', secret).update(value).digest('hex');
export const hmacB64u = (secret: string, value: string): string =>
  createHmac('sha256', secret).update(value).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export const randomDigits = (length: number): string =>
  Array.from({ length }, () => String(randomInt(0, 10))).join('');

/**
 * A compact signed token: base64url(JSON payload) + "." + HMAC. Used for the access token
 * (a JWT-shaped HS256 token) and for game launch/session tokens.
 */
/** The only header this server issues; verifying compares it as text instead of parsing it. */
const JWT_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export function signJwt(secret: string, payload: Record<string, unknown>): string {
  const header = JWT_HEADER;
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${header}.${body}.${hmacB64u(secret, `${header}.${body}`)}`;
}

export type JwtResult = { ok: true; payload: Record<string, unknown> } | { ok: false; expired: boolean };

export function verifyJwt(secret: string, token: string, nowSeconds: number): JwtResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, expired: false };
  const [header, body, sig] = parts as [string, string, string];
  // Anything but our HS256 header (alg "none", another algorithm) is refused before the HMAC.
  if (header !== JWT_HEADER) return { ok: false, expired: false };
  if (!safeEqual(sig, hmacB64u(secret, `${header}.${body}`))) return { ok: false, expired: false };
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return { ok: false, expired: false };
  }
  if (typeof payload.exp !== 'number' || payload.exp <= nowSeconds) return { ok: false, expired: true };
  return { ok: true, payload };
}
