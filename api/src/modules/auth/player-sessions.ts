/**
 * A player's sessions: started at sign-in (or a verification with its ticket), refreshed by
 * rotating refresh tokens (refresh.ts), ended at logout, and checked on every request
 * (`authenticate`, behind `app.requireAuth`): the access token (access-tokens.ts) says who is
 * calling, the session's row whether it still stands.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { inTransaction } from '../../db/tx.js';
import { newId, randomToken, sha256 } from '../../lib/crypto.js';
import { lockedOut, refuse } from '../../lib/errors.js';
import { AccessTokens } from './access-tokens.js';
import type { AuthConfig } from './auth.config.js';
import {
  findSessionForAuth,
  insertRefreshToken,
  insertSession,
  revokeSession,
  type SessionForAuth,
  type UserRow,
} from './auth.repository.js';
import { rotateRefreshToken, SUSPENDED_MESSAGE } from './refresh.js';

/**
 * A session's refresh token and when it expires: for the route to put in the cookie
 * (refresh-cookie.ts), never in a body.
 */
export interface IssuedRefreshToken {
  token: string;
  expiresAt: number;
}

export interface AuthenticatedUser {
  userId: string;
  sessionId: string;
  phone: string;
  playerRef: string;
}

export class PlayerSessions {
  private readonly tokens: AccessTokens;

  constructor(
    private readonly ctx: AppContext,
    private readonly config: AuthConfig,
  ) {
    this.tokens = new AccessTokens(ctx.clock, config);
  }

  /**
   * A new session and its first token pair; `before` runs in the session's transaction (what must
   * commit with it or not at all: a verification's ticket and status).
   */
  async start(userId: string, before?: (trx: Kysely<DB>, now: number) => Promise<void>) {
    const { clock, database } = this.ctx;
    const { REFRESH_TOKEN_TTL_SECONDS, ACCESS_TOKEN_TTL_SECONDS } = this.config;
    const now = clock.now();
    const sessionId = newId();
    const refreshToken = randomToken();
    const expiresAt = now + REFRESH_TOKEN_TTL_SECONDS * 1000;
    await inTransaction(database, async (trx) => {
      // What must commit with the session, or not at all (a verification's ticket and status).
      await before?.(trx, now);
      await insertSession(trx, {
        id: sessionId,
        user_id: userId,
        created_at: now,
        expires_at: expiresAt,
        revoked_at: null,
        revoked_reason: null,
      });
      await insertRefreshToken(trx, {
        token_hash: sha256(refreshToken),
        session_id: sessionId,
        created_at: now,
        expires_at: expiresAt,
      });
    });
    return {
      access_token: await this.tokens.sign(userId, sessionId),
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      refresh: { token: refreshToken, expiresAt },
    };
  }

  /**
   * Rotates a refresh token (refresh.ts): the user, a new access token and the refresh token's
   * successor. A refusal (a revocation among them) is thrown after its transaction committed.
   */
  async rotate(
    refreshToken: string,
  ): Promise<{ user: UserRow; accessToken: string; refresh: IssuedRefreshToken }> {
    const result = await rotateRefreshToken(this.ctx, this.config, refreshToken);
    if ('error' in result) throw result.error;
    return {
      user: result.user,
      accessToken: await this.tokens.sign(result.user.id, result.sessionId, result.issuedAt),
      refresh: { token: result.refreshToken, expiresAt: result.expiresAt },
    };
  }

  async end(sessionId: string): Promise<void> {
    await revokeSession(this.ctx.database.db, sessionId, 'logout', this.ctx.clock.now());
  }

  /** Verifies the bearer token and that its session and user still stand. */
  async authenticate(authorization: string | undefined): Promise<AuthenticatedUser> {
    const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
    if (!match?.[1]) throw refuse('UNAUTHORIZED', 'Authentication required');
    const { sub, sid } = await this.tokens.verify(match[1]);
    const session = await findSessionForAuth(this.ctx.database.db, sid);
    return this.admit(sub, sid, session, this.ctx.clock.now());
  }

  /** Lets the request through only if the token's session and user still stand, as of this read. */
  private admit(
    sub: string,
    sid: string,
    session: SessionForAuth | undefined,
    now: number,
  ): AuthenticatedUser {
    if (!session || session.user_id !== sub) throw lockedOut('INVALID_TOKEN');
    if (session.revoked_at !== null) throw lockedOut('SESSION_REVOKED');
    if (session.expires_at <= now)
      throw lockedOut('INVALID_TOKEN', 'Your session has expired. Please sign in again.');
    if (session.status === 'suspended') throw lockedOut('ACCOUNT_SUSPENDED', SUSPENDED_MESSAGE);
    if (session.status !== 'active') throw refuse('NEEDS_VERIFICATION', 'Verify your phone number first');
    return { userId: sub, sessionId: sid, phone: session.phone, playerRef: session.player_ref };
  }
}
