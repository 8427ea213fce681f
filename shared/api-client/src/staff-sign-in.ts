/**
 * The staff sign-in and sign-out (docs/decisions/052-staff-accounts-two-factors.md), one for the
 * staff site (staff/src/api/session.ts) and the command-line tools (cli-kit.ts): phone, password
 * and a second factor, the authenticator's `code` or one `recovery_code`, for a staff token.
 */
import type { StaffSignInRequest, StaffSignInResponse } from '@mchezo/contracts/staff';
import type { CallOptions, Http } from './http.ts';

/** `POST /staff/sign-in`: never with a token; `opts.credentials` for the staff device cookie (decision 061). */
export const staffSignIn = (
  http: Http,
  body: StaffSignInRequest,
  opts: Pick<CallOptions, 'credentials' | 'signal'> = {},
): Promise<StaffSignInResponse> =>
  http.request<StaffSignInResponse>('POST', '/staff/sign-in', { ...opts, body, token: null });

/** `POST /staff/sign-out`: the given staff token's session, else the client's own. */
export const staffSignOut = (http: Http, token?: string): Promise<null> =>
  http.request<null>('POST', '/staff/sign-out', { body: {}, ...(token !== undefined && { token }) });
