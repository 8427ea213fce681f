/**
 * The staff site's one HTTP client: JSON to `/api/v1/staff/…` (and the few player auth routes
 * enrolment needs) with `Authorization: Bearer stf_…` from the session store. A failed call throws
 * `ApiError` (the server's `{error, code}`); a 401 on a signed-in call ends the session here: the
 * app goes back to sign-in with "Your session ended, sign in again".
 */
import { ApiError, errorMessageOf } from '@mchezo/api-client/errors';
import { staffToken, useSession } from '../session/session-store.ts';

export const API_BASE = '/api/v1';

export interface CallOptions {
  body?: unknown;
  /** A bearer token other than the staff session's (enrolment uses the password sign-in's). */
  token?: string | null;
  signal?: AbortSignal;
  /**
   * Only the sign-in sends cookies: the staff device cookie the API keeps on each staff session
   * (four eyes tells two people's browsers apart: docs/decisions/061). No other call needs one.
   */
  withDeviceCookie?: boolean;
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

/** The raw answer (for files: the audit CSV); throws ApiError when it is not a 2xx. */
export async function send(method: string, path: string, opts: CallOptions = {}): Promise<Response> {
  const token = opts.token === undefined ? staffToken() : opts.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${API_BASE}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
    credentials: opts.withDeviceCookie ? 'same-origin' : 'omit',
  });
  if (res.ok) return res;
  const body = await readBody(res);
  // The staff session ended (expired, idle, ended by an administrator): sign in again.
  if (res.status === 401 && opts.token === undefined && token)
    useSession.getState().signedOut('session_ended');
  throw new ApiError(errorMessageOf(body, res.status), res.status, body);
}

export async function call<T>(method: string, path: string, opts: CallOptions = {}): Promise<T> {
  const res = await send(method, path, opts);
  return (await readBody(res)) as T;
}

export const staffApi = {
  get: <T>(path: string, opts?: CallOptions) => call<T>('GET', path, opts),
  post: <T>(path: string, body: unknown = {}, opts?: CallOptions) => call<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body: unknown = {}, opts?: CallOptions) => call<T>('PUT', path, { ...opts, body }),
  delete: <T>(path: string, body?: unknown, opts?: CallOptions) =>
    call<T>('DELETE', path, { ...opts, ...(body !== undefined && { body }) }),
};

/** The API's error code (`{code}`), e.g. OWN_ROLES, or null. */
export function errorCode(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { code?: unknown } | null;
  return body && typeof body.code === 'string' ? body.code : null;
}

/** `?a=1&b=2` from the defined values (empty string when none). */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
