import { signToken, tokenKey, verifyToken } from '../../lib/crypto.js';
import { refuse } from '../../lib/errors.js';
import type { Clock } from '../../lib/time.js';
import type { AuthConfig } from './auth.config.js';

interface AccessClaims {
  sub: string;
  sid: string;
  /** Expiry, unix seconds. */
  exp: number;
}

/** Most tokens remembered as verified; past it the memory starts over. */
const VERIFIED_MAX = 10_000;

/**
 * Access tokens: JWTs (HS256) naming the user (`sub`) and the session (`sid`), valid
 * ACCESS_TOKEN_TTL_SECONDS. They say who is calling; whether the session still stands is checked
 * in the database on every request (AuthService.authenticate).
 */
export class AccessTokens {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature and claims were already checked, by their text. Checking one with
   * jose costs 35-60 µs, more than the rest of a balance read; a token's text cannot change, so
   * it is checked once and only its expiry on later requests (docs/decisions/012-sqlite-group-commit.md).
   */
  private readonly verified = new Map<string, AccessClaims>();

  constructor(
    private readonly clock: Clock,
    private readonly config: Pick<AuthConfig, 'JWT_SECRET' | 'ACCESS_TOKEN_TTL_SECONDS'>,
  ) {
    this.key = tokenKey(config.JWT_SECRET);
  }

  /**
   * Signs as of `issuedAtMs` (now by default). The token is a function of its claims and that
   * time, so signing again as of the same second gives the same text (a refresh repeated within
   * its grace answers the pair it answered first).
   */
  sign(userId: string, sessionId: string, issuedAtMs = this.clock.now()): Promise<string> {
    const claims = { sub: userId, sid: sessionId, typ: 'access' };
    return signToken(this.key, claims, issuedAtMs, this.config.ACCESS_TOKEN_TTL_SECONDS);
  }

  /** The claims of a valid, unexpired token; 401 TOKEN_EXPIRED or INVALID_TOKEN otherwise. */
  async verify(token: string): Promise<AccessClaims> {
    const now = this.clock.now();
    const claims = this.verified.get(token) ?? (await this.check(token, now));
    if (claims.exp * 1000 <= now) throw refuse('TOKEN_EXPIRED', 'Access token expired');
    return claims;
  }

  private async check(token: string, now: number): Promise<AccessClaims> {
    const result = await verifyToken(this.key, token, now);
    if (!result.ok) {
      throw result.expired
        ? refuse('TOKEN_EXPIRED', 'Access token expired')
        : refuse('INVALID_TOKEN', 'Invalid access token');
    }
    const { sub, sid, typ, exp } = result.claims;
    if (typ !== 'access' || typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') {
      throw refuse('INVALID_TOKEN', 'Invalid access token');
    }
    if (this.verified.size >= VERIFIED_MAX) this.verified.clear();
    const claims = { sub, sid, exp };
    this.verified.set(token, claims);
    return claims;
  }
}
