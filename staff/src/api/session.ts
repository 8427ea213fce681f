/** Signing in and out, the person's own view, and enrolling an authenticator (decision 052). */

import { staffSignIn, staffSignOut } from '@mchezo/api-client/staff-sign-in';
import type { LoginResponse } from '@mchezo/contracts/auth';
import type {
  StaffMember,
  StaffSessionInfo,
  StaffSignInRequest,
  StaffSignInResponse,
  TotpEnrolResponse,
} from '@mchezo/contracts/staff';
import { queryOptions } from '@tanstack/react-query';
import { staffApi, staffHttp } from './client.ts';

/**
 * The one call that sends cookies: the staff device cookie the API keeps on each staff session
 * (four eyes tells two people's browsers apart: docs/decisions/061).
 */
export const signIn = (body: StaffSignInRequest): Promise<StaffSignInResponse> =>
  staffSignIn(staffHttp, body, { credentials: 'same-origin' });

export const signOut = () => staffSignOut(staffHttp);

export const fetchMe = () => staffApi.get<{ member: StaffMember; session: StaffSessionInfo }>('/staff/me');

export const meQuery = () => queryOptions({ queryKey: ['staff', 'me'], queryFn: fetchMe });

/** Enrolment starts from the player password sign-in: its access token is what the enrol routes take. */
export const passwordSignIn = (phone: string, password: string) =>
  staffApi.post<LoginResponse>('/auth/login', { phone, password }, { token: null });

/** The administrator's enrolment code; an ADMIN_PHONES person may leave it out while no administrator is enrolled. */
export const startEnrolment = (passwordToken: string, enrolmentCode: string | null) =>
  staffApi.post<TotpEnrolResponse>(
    '/staff/totp/enrol',
    enrolmentCode ? { enrolment_code: enrolmentCode } : {},
    { token: passwordToken },
  );

export const confirmEnrolment = (passwordToken: string, code: string) =>
  staffApi.post<{ enrolled: true; confirmed_at: string }>(
    '/staff/totp/confirm',
    { code },
    { token: passwordToken },
  );
