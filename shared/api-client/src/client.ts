/**
 * The one HTTP client of the front end for `/api/v1`. Shared as an MF singleton, so the shell
 * and every remote use this same instance (one refresh in flight, one lockout).
 *
 * - JSON in and out; a 204 gives `null`.
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
  errorMessageOf,
  LOCKOUT_EVENT,
  type LockoutDetail,
  lockoutOf,
} from './errors.ts';
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

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
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

async function askForRefresh(): Promise<RefreshOutcome> {
  try {
    const res = await fetch(`${API_BASE}/auth/refresh`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    const body = (await readBody(res)) as { access_token?: unknown; user?: User } | null;
    if (res.ok && typeof body?.access_token === 'string' && body.user) {
      tokenStore.setAccessToken(body.access_token);
      return { ok: true, user: body.user };
    }
    return { ok: false, status: res.status, lockout: res.status === 401 ? lockoutOf(body) : null };
  } catch {
    return { ok: false, status: 0, lockout: null };
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

async function send(method: string, path: string, opts: RequestOptions): Promise<Response> {
  const token = opts.auth === false ? null : tokenStore.getAccessToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`${API_BASE}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
  });
}

export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  // A public read the page came with (the first screen's data): answered without a round trip.
  if (method === 'GET' && opts.auth === false) {
    const inline = takeBootFile(`${API_BASE}${path}`);
    if (inline !== undefined) return inline as T;
  }
  const hadToken = opts.auth !== false && tokenStore.getAccessToken() !== null;
  let res = await send(method, path, opts);
  let body = await readBody(res);

  if (res.status === 401) {
    const lockout = lockoutOf(body);
    if (lockout) {
      raiseLockout(lockout);
    } else if (hadToken) {
      const refreshed = await refreshSession();
      if (refreshed.ok) {
        res = await send(method, path, opts);
        body = await readBody(res);
        const again = res.status === 401 ? lockoutOf(body) : null;
        if (again) raiseLockout(again);
      } else {
        raiseLockout(
          refreshed.lockout ?? { reason: DEFAULT_LOCKOUT_REASON, message: DEFAULT_LOCKOUT_MESSAGE },
        );
      }
    }
  }

  if (!res.ok) throw new ApiError(errorMessageOf(body, res.status), res.status, body);
  return body as T;
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('POST', path, { ...opts, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('PUT', path, { ...opts, body: body ?? {} }),
};
