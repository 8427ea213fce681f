/**
 * The player site's client for `/api/v1`, a thin layer on the HTTP core (http.ts). Shared as an
 * MF singleton, so the shell and every remote use this same instance (one refresh in flight, one
 * lockout).
 *
 * - JSON in and out; a 204 gives `null`; the core's safe retries (a 503 with Retry-After, no
 *   answer) on idempotent calls.
 * - The bearer token is the access token this page holds in memory (token-store.ts).
 * - A 401 on an authenticated call triggers one refresh (`POST /auth/refresh`, which the browser
 *   sends with the HttpOnly refresh cookie) and one retry.
 * - A 401 with `locked_out`, or a failed refresh, raises `auth:lockout` on `window`.
 * - Responses are typed by the caller with the contract's types (`import type`): the browser
 *   does not ship the schema library; the server validates what it sends.
 */
import type { User } from '@mchezo/contracts/auth';
import { takeBootFile } from './boot.ts';
import {
  ApiError,
  DEFAULT_LOCKOUT_MESSAGE,
  DEFAULT_LOCKOUT_REASON,
  LOCKOUT_EVENT,
  type LockoutDetail,
  lockoutOf,
} from './errors.ts';
import { createHttp, readBody, type UnauthorizedCall } from './http.ts';
import { tokenStore } from './token-store.ts';

export const API_BASE = '/api/v1';

export interface RequestOptions {
  body?: unknown;
  /** Send the bearer token (and refresh on 401). Default true when a token exists. */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function raiseLockout(detail: LockoutDetail): void {
  tokenStore.clearTokens();
  globalThis.dispatchEvent?.(new CustomEvent<LockoutDetail>(LOCKOUT_EVENT, { detail }));
}

/**
 * What a refresh answered: the player (and a new access token in memory), or why not: `status`
 * 401 means no session (with the lockout, when the server ended one); 0 is no answer at all.
 */
export type RefreshOutcome =
  | { ok: true; user: User }
  | { ok: false; status: number; lockout: LockoutDetail | null };

/** The Web Lock every tab of the site takes around a refresh (docs/decisions/034-session-cookies.md). */
export const REFRESH_LOCK = 'mchezo-refresh';

/** The refresh's own calls: a 401 there is an answer (no session), not a lockout to raise. */
const plain = createHttp({ baseUrl: API_BASE, credentials: 'same-origin' });

async function askForRefresh(): Promise<RefreshOutcome> {
  try {
    const res = await plain.send('POST', '/auth/refresh', { token: null });
    const body = (await readBody(res)) as { access_token?: unknown; user?: User } | null;
    if (typeof body?.access_token === 'string' && body.user) {
      tokenStore.setAccessToken(body.access_token);
      return { ok: true, user: body.user };
    }
    return { ok: false, status: res.status, lockout: null };
  } catch (error) {
    if (!(error instanceof ApiError)) return { ok: false, status: 0, lockout: null };
    return { ok: false, status: error.status, lockout: error.status === 401 ? lockoutOf(error.body) : null };
  }
}

/**
 * Another tab of the site may be refreshing with the same cookie: one at a time across tabs
 * (the Web Locks API), so each presents the cookie the one before it was given. Where the
 * browser has no Web Locks, the server's grace answers a repeat of a just-spent token alike.
 */
function acrossTabs(refresh: () => Promise<RefreshOutcome>): Promise<RefreshOutcome> {
  const locks = globalThis.navigator?.locks;
  return locks ? locks.request(REFRESH_LOCK, refresh) : refresh();
}

let refreshInFlight: Promise<RefreshOutcome> | null = null;

/**
 * A new access token from the refresh cookie: at start (is the player signed in?) and on a 401.
 * One at a time: concurrent callers in this tab wait for the same attempt.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  refreshInFlight ??= acrossTabs(askForRefresh).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * A 401: with `locked_out` the lockout is raised (whatever the call sent); else, when the call
 * carried this page's token, one refresh and one more try; a failed refresh raises the lockout.
 */
async function unauthorized(body: unknown, call: UnauthorizedCall): Promise<boolean> {
  const lockout = lockoutOf(body);
  if (lockout) {
    raiseLockout(lockout);
    return false;
  }
  if (call.repeated || !call.own || call.sent === null) return false;
  const refreshed = await refreshSession();
  if (refreshed.ok) return true;
  raiseLockout(refreshed.lockout ?? { reason: DEFAULT_LOCKOUT_REASON, message: DEFAULT_LOCKOUT_MESSAGE });
  return false;
}

const http = createHttp({
  baseUrl: API_BASE,
  tokens: { token: () => tokenStore.getAccessToken(), unauthorized },
});

export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  // A public read the page came with (the first screen's data): answered without a round trip.
  if (method === 'GET' && opts.auth === false) {
    const inline = takeBootFile(`${API_BASE}${path}`);
    if (inline !== undefined) return inline as T;
  }
  const { auth, ...call } = opts;
  return http.request<T>(method, path, auth === false ? { ...call, token: null } : call);
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('POST', path, { ...opts, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('PUT', path, { ...opts, body: body ?? {} }),
};
