/** Administration: staff people, their roles, enrolment codes, authenticators and sessions (administrators only). */
import type {
  IssueEnrolmentResponse,
  StaffMember,
  StaffPeopleResponse,
  StaffRoleName,
  StaffSessionsResponse,
} from '@mchezo/contracts/staff';
import { queryOptions } from '@tanstack/react-query';
import { queryString, staffApi } from './client.ts';

export const peopleKeys = {
  all: ['staff', 'people'] as const,
  list: ['staff', 'people', 'list'] as const,
  byPhone: (phone: string) => ['staff', 'people', 'phone', phone] as const,
  sessions: (userId: string) => ['staff', 'people', userId, 'sessions'] as const,
};

/** Everyone holding a staff role. */
export const peopleQuery = () =>
  queryOptions({
    queryKey: peopleKeys.list,
    queryFn: ({ signal }) =>
      staffApi.get<StaffPeopleResponse>('/staff/people', { signal }).then((r) => r.people),
  });

/** The one account with this phone, staff or not yet (an empty list: no account). */
export const findByPhone = (phone: string) =>
  staffApi
    .get<StaffPeopleResponse>(`/staff/people${queryString({ phone })}`)
    .then((r) => r.people[0] ?? null);

export const sessionsQuery = (userId: string) =>
  queryOptions({
    queryKey: peopleKeys.sessions(userId),
    queryFn: ({ signal }) =>
      staffApi
        .get<StaffSessionsResponse>(`/staff/people/${encodeURIComponent(userId)}/sessions`, {
          signal,
        })
        .then((r) => r.sessions),
  });

const person = (userId: string) => `/staff/people/${encodeURIComponent(userId)}`;

export const grantRole = (userId: string, role: StaffRoleName, reason: string) =>
  staffApi.post<StaffMember>(`${person(userId)}/roles`, { role, reason });

/** A finance or admin grant the answer shows pending: it waits for a second administrator (decision 065). */
export const isPending = (member: StaffMember, role: StaffRoleName) =>
  member.pending_grants.some((g) => g.role === role);

export const confirmGrant = (grantId: string, reason: string) =>
  staffApi.post<StaffMember>(`/staff/role-grants/${encodeURIComponent(grantId)}/confirm`, { reason });

export const cancelGrant = (grantId: string, reason: string) =>
  staffApi.post<StaffMember>(`/staff/role-grants/${encodeURIComponent(grantId)}/cancel`, { reason });

export const removeRole = (userId: string, role: StaffRoleName, reason: string) =>
  staffApi.delete<StaffMember>(`${person(userId)}/roles/${role}`, { reason });

export const issueEnrolmentCode = (userId: string, reason: string) =>
  staffApi.post<IssueEnrolmentResponse>(`${person(userId)}/enrolment`, { reason });

export const resetAuthenticator = (userId: string, reason: string) =>
  staffApi.delete<null>(`${person(userId)}/totp`, { reason });

export const endSession = (sessionId: string, reason: string) =>
  staffApi.delete<null>(`/staff/sessions/${encodeURIComponent(sessionId)}`, { reason });
