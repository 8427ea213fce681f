import { createHmac } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/tx.js';
import { sha256 } from '../../lib/crypto.js';
import { type AppError, lockedOut } from '../../lib/errors.js';
import type { AuthConfig } from './auth.config.js';
import {
  findRefreshToken,
  findUserById,
  insertRefreshToken,
  revokeSession,
  spendRefreshToken,
  type UserRow,
} from './auth.repository.js';

/**
 * How long a spent refresh token may be presented again and get the same answer: two tabs (or a
 * retried request whose answer was lost) refresh with the same token at nearly the same time.
 * Later, a spent token is a theft signal and ends the session.
 */
export const REFRESH_GRACE_MS = 10_000;

export const SUSPENDED_MESSAGE = 'Your account is suspended. Please contact support.';

type Rotation =
  | { error: AppError }
  | { user: UserRow; sessionId: string; refreshToken: string; issuedAt: number; expiresAt: number };

/**
 * The token a refresh token rotates to: an HMAC of it under the server's JWT secret. Derived
 * rather than random, so the rotation can be answered again within the grace without keeping
 * any token in the clear; without the presented token and the secret it cannot be computed.
 */
const successorOf = (secret: string, token: string): string =>
  createHmac('sha256', secret).update(`refresh-rotation-v1:${token}`).digest('base64url');

const ended = (message = 'Your session has ended. Please sign in again.') =>
  lockedOut('INVALID_TOKEN', message);

/**
 * One refresh, in one transaction: refused when the token is unknown, its session revoked or
 * expired (nothing is spent then), or the account suspended; a token spent within
 * REFRESH_GRACE_MS whose successor is still unspent answers that successor again; any other spent
 * token revokes the session. Otherwise the token is spent and its successor stored, expiring
 * with the session at the latest.
 */
export async function rotateRefreshToken(
  ctx: Pick<AppContext, 'clock' | 'database'>,
  config: Pick<AuthConfig, 'JWT_SECRET' | 'REFRESH_TOKEN_TTL_SECONDS'>,
  refreshToken: string,
): Promise<Rotation> {
  const { clock, database } = ctx;
  const now = clock.now();
  const tokenHash = sha256(refreshToken);
  const next = successorOf(config.JWT_SECRET, refreshToken);
  return inTransaction(database, async (trx): Promise<Rotation> => {
    const row = await findRefreshToken(trx, tokenHash);
    if (!row) return { error: ended() };
    if (row.revoked_at !== null) return { error: lockedOut('SESSION_REVOKED') };
    if (row.expires_at <= now || row.session_expires_at <= now)
      return { error: ended('Your session has expired. Please sign in again.') };
    if (row.status === 'suspended') {
      await revokeSession(trx, row.session_id, 'suspended', now);
      return { error: lockedOut('ACCOUNT_SUSPENDED', SUSPENDED_MESSAGE) };
    }
    const user = await findUserById(trx, row.user_id);
    if (!user) return { error: ended() };
    if (row.used_at === null && (await spendRefreshToken(trx, tokenHash, now))) {
      const expiresAt = Math.min(now + config.REFRESH_TOKEN_TTL_SECONDS * 1000, row.session_expires_at);
      await insertRefreshToken(trx, {
        token_hash: sha256(next),
        session_id: row.session_id,
        created_at: now,
        expires_at: expiresAt,
      });
      return { user, sessionId: row.session_id, refreshToken: next, issuedAt: now, expiresAt };
    }
    // Spent: earlier, or just now by a concurrent refresh with the same token.
    const spentAt = row.used_at ?? (await findRefreshToken(trx, tokenHash))?.used_at ?? now;
    const successor = await findRefreshToken(trx, sha256(next));
    if (
      now - spentAt <= REFRESH_GRACE_MS &&
      successor?.session_id === row.session_id &&
      successor.used_at === null
    ) {
      const { expires_at: expiresAt } = successor;
      return { user, sessionId: row.session_id, refreshToken: next, issuedAt: spentAt, expiresAt };
    }
    await revokeSession(trx, row.session_id, 'refresh_token_reuse', now);
    return { error: lockedOut('REFRESH_TOKEN_REUSED') };
  });
}
