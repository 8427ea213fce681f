/**
 * Signed, expiring release overrides for testers (issue 9, item 6). A token names one remote,
 * the version (and entry) to load instead, and when it stops working; it is an HMAC over those,
 * so the browser can carry it but never forge or stretch it. The server checks it on every
 * manifest read: a bad signature, an expired token, an unpublished version or a URL outside the
 * allow-list is ignored, and the normal manifest is served.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ReleaseManifest, RemoteName } from '@mchezo/contracts/releases';

export interface OverrideClaims {
  remote: RemoteName;
  version: string;
  entry: string;
  /** Expiry, epoch milliseconds. */
  exp: number;
}

/** Dev servers a development build may be pointed at (never in production). */
export function isAllowedDevEntry(entry: string): boolean {
  try {
    const url = new URL(entry);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
    );
  } catch {
    return false;
  }
}

const keyOf = (secret: string) => createHmac('sha256', secret).update('mchezo release override v1').digest();
const sign = (secret: string, payload: string) =>
  createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');

export function signOverride(secret: string, claims: OverrideClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export function verifyOverride(secret: string, token: string, now: number): OverrideClaims | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as OverrideClaims;
    if (typeof claims.exp !== 'number' || claims.exp <= now) return null;
    if (
      typeof claims.remote !== 'string' ||
      typeof claims.version !== 'string' ||
      typeof claims.entry !== 'string'
    )
      return null;
    return claims;
  } catch {
    return null;
  }
}

export function applyOverride(manifest: ReleaseManifest, claims: OverrideClaims): ReleaseManifest {
  return {
    ...manifest,
    remotes: {
      ...manifest.remotes,
      [claims.remote]: { version: claims.version, entry: claims.entry, enabled: true },
    },
    override: {
      remote: claims.remote,
      version: claims.version,
      expires_at: new Date(claims.exp).toISOString(),
    },
  };
}
