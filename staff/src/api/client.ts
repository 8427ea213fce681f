/**
 * The staff site's client: JSON to `/api/v1/staff/…` (and the few player auth routes enrolment
 * needs), a thin layer on the HTTP core (@mchezo/api-client/http) with `Authorization: Bearer stf_…`
 * from the session store. A failed call throws `ApiError` (the server's `{error, code}`); a 401 on
 * a signed-in call ends the session here: the app goes back to sign-in with "Your session ended,
 * sign in again".
 */
import { ApiError } from '@mchezo/api-client/errors';
import { createHttp } from '@mchezo/api-client/http';
import { staffToken, useSession } from '../session/session-store.ts';

export const API_BASE = '/api/v1';

export interface CallOptions {
  body?: unknown;
  /** A bearer token other than the staff session's (enrolment uses the password sign-in's). */
  token?: string | null;
  signal?: AbortSignal;
}

/** The core under this client, for the shared staff sign-in (@mchezo/api-client/staff-sign-in). */
export const staffHttp = createHttp({
  baseUrl: API_BASE,
  // No cookies, but on the sign-in (session.ts): the staff device cookie (docs/decisions/061).
  credentials: 'omit',
  tokens: {
    token: staffToken,
    // The staff session ended (expired, idle, ended by an administrator): sign in again.
    unauthorized(_body, call) {
      if (call.own && call.sent) useSession.getState().signedOut('session_ended');
      return false;
    },
  },
});

/** The raw answer (for files: the audit CSV); throws ApiError when it is not a 2xx. */
export const send = (method: string, path: string, opts: CallOptions = {}): Promise<Response> =>
  staffHttp.send(method, path, opts);

export const call = <T>(method: string, path: string, opts: CallOptions = {}): Promise<T> =>
  staffHttp.request<T>(method, path, opts);

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
