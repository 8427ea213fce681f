import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

export const newId = (): string => randomUUID();
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
export function signJwt(secret: string, payload: Record<string, unknown>): string {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${header}.${body}.${hmacB64u(secret, `${header}.${body}`)}`;
}

export type JwtResult = { ok: true; payload: Record<string, unknown> } | { ok: false; expired: boolean };

export function verifyJwt(secret: string, token: string, nowSeconds: number): JwtResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, expired: false };
  const [header, body, sig] = parts as [string, string, string];
  if (!safeEqual(sig, hmacB64u(secret, `${header}.${body}`))) return { ok: false, expired: false };
  let payload: Record<string, unknown>;
  try {
    const h = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    if (h.alg !== 'HS256') return { ok: false, expired: false };
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return { ok: false, expired: false };
  }
  if (typeof payload.exp !== 'number' || payload.exp <= nowSeconds) return { ok: false, expired: true };
  return { ok: true, payload };
}
