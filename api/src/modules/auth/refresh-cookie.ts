/**
 * The refresh token's cookie (docs/decisions/034-session-cookies.md): `HttpOnly` (no script on
 * the site can read it), `Secure` (browsers count http://127.0.0.1 and http://localhost as
 * secure, so `npm start` and the e2e keep it too), `SameSite=Strict` (no other site's page sends
 * it), and sent only to `POST /auth/refresh`, the one route that reads it. Its value never
 * appears in a JSON body.
 */

import { readCookie } from '@mchezo/site/cookies';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { refuse } from '../../lib/errors.js';

const REFRESH_COOKIE = 'mchezo_refresh';
const REFRESH_COOKIE_PATH = '/api/v1/auth/refresh';

const ATTRIBUTES = `Path=${REFRESH_COOKIE_PATH}; HttpOnly; Secure; SameSite=Strict`;

/** Only the characters a refresh token is made of (base64url): anything else is not one. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,512}$/;

function appendSetCookie(reply: FastifyReply, cookie: string): void {
  const current = reply.getHeader('set-cookie');
  const list = current === undefined ? [] : Array.isArray(current) ? current : [String(current)];
  reply.header('set-cookie', [...list, cookie]);
}

/** Hands the browser the session's refresh token, for as long as the token lives. */
export function setRefreshCookie(
  reply: FastifyReply,
  token: string,
  expiresAtMs: number,
  nowMs: number,
): void {
  const maxAge = Math.max(0, Math.floor((expiresAtMs - nowMs) / 1000));
  appendSetCookie(reply, `${REFRESH_COOKIE}=${token}; Max-Age=${maxAge}; ${ATTRIBUTES}`);
}

/** Tells the browser to drop the cookie (logout, or a refresh that ended the session). */
export function clearRefreshCookie(reply: FastifyReply): void {
  appendSetCookie(reply, `${REFRESH_COOKIE}=; Max-Age=0; ${ATTRIBUTES}`);
}

/** The refresh token the request carries in its cookie, when it has a well-formed one. */
export function refreshTokenOf(request: FastifyRequest): string | undefined {
  const value = readCookie(request.headers.cookie, REFRESH_COOKIE);
  return value && TOKEN_SHAPE.test(value) ? value : undefined;
}

/**
 * A cookie goes along with any request the browser makes to this site, so the refresh answers
 * only a page of the site itself. `Origin` must name the site: PUBLIC_BASE_URL's origin, or the
 * origin the request was addressed to (its scheme and `Host`, which a browser sets to the site it
 * talks to and no other site's page can change). A browser sends `Origin` with every POST and
 * `Sec-Fetch-Site` with every request (neither can a page set or remove): a request with
 * `Sec-Fetch-Site` and no `Origin` is refused. A client that is not a browser (the staff CLIs,
 * on Node's fetch) sends neither; it holds the cookie's value itself, so there is nothing to
 * forge for it.
 */
export function checkRefreshOrigin(request: FastifyRequest, publicBaseUrl: string): void {
  const origin = request.headers.origin;
  if (origin === undefined && request.headers['sec-fetch-site'] === undefined) return;
  const own = new Set([new URL(publicBaseUrl).origin, `${request.protocol}://${request.host}`]);
  if (origin === undefined || !own.has(origin))
    throw refuse('ORIGIN_REFUSED', 'This request must come from the site itself');
}
