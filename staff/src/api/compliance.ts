/**
 * Compliance (docs/decisions/043 and 056): the identity queue, the self-exclusion register, money-laundering
 * alerts and cases with their goAML files and the threshold CSV, and the regulator feed.
 */
import type {
  AmlAlertsQuery,
  AmlAlertsResponse,
  AmlCase,
  AmlCasesQuery,
  AmlCasesResponse,
  CloseAmlCaseRequest,
  GoamlReportQuery,
  OpenAmlCaseRequest,
  ReviewAmlCaseRequest,
} from '@mchezo/contracts/aml';
import type { FeedStatusResponse } from '@mchezo/contracts/regulator-feed';
import type {
  IdentityChecksResponse,
  IdentityDecisionResponse,
  IdentityRecheckRequest,
  IdentityRejectRequest,
  SelfExclusionsFilters,
  SelfExclusionsResponse,
  StaffFeedReleaseRequest,
  StaffFeedReleaseResponse,
  StaffFeedReplayRequest,
  StaffFeedReplayResponse,
} from '@mchezo/contracts/staff-compliance';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { queryString, send, staffApi } from './client.ts';

export const identityChecksQuery = () =>
  infiniteQueryOptions({
    queryKey: ['staff', 'compliance', 'identity'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      staffApi.get<IdentityChecksResponse>(
        `/staff/identity-checks${queryString({ status: 'pending', cursor: pageParam })}`,
        { signal },
      ),
    getNextPageParam: (last) => last.next_cursor,
  });

export const recheckIdentity = (userId: string, reason: string) =>
  staffApi.post<IdentityDecisionResponse>(`/staff/identity-checks/${userId}/recheck`, {
    reason,
  } satisfies IdentityRecheckRequest);

export const rejectIdentity = (userId: string, code: IdentityRejectRequest['code'], reason: string) =>
  staffApi.post<IdentityDecisionResponse>(`/staff/identity-checks/${userId}/reject`, {
    code,
    reason,
  } satisfies IdentityRejectRequest);

/** The register's filters, as the query string carries them (`active`: 'true' or 'false'). */
export type RegisterFilters = SelfExclusionsFilters;

export const selfExclusionsQuery = (filters: RegisterFilters) =>
  infiniteQueryOptions({
    queryKey: ['staff', 'compliance', 'self-exclusions', filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      staffApi.get<SelfExclusionsResponse>(
        `/staff/self-exclusions${queryString({ ...filters, cursor: pageParam })}`,
        { signal },
      ),
    getNextPageParam: (last) => last.next_cursor,
  });

export const selfExclusionsCsv = async (filters: RegisterFilters): Promise<Blob> =>
  (await send('GET', `/staff/self-exclusions.csv${queryString({ ...filters })}`)).blob();

/** The alerts list's filters, as the API takes them (`player`: 3 characters or more of a phone or name). */
export type AlertFilters = Omit<AmlAlertsQuery, 'cursor'>;

export const alertsQuery = (filters: AlertFilters) =>
  infiniteQueryOptions({
    queryKey: ['staff', 'compliance', 'alerts', filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      staffApi.get<AmlAlertsResponse>(`/aml/alerts${queryString({ ...filters, cursor: pageParam })}`, {
        signal,
      }),
    getNextPageParam: (last) => last.next_cursor,
  });

/** The cases list's filters, as the API takes them (`status: active`: open or reviewing). */
export type CaseFilters = Omit<AmlCasesQuery, 'cursor'>;

export const casesQuery = (filters: CaseFilters) =>
  infiniteQueryOptions({
    queryKey: ['staff', 'compliance', 'cases', filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      staffApi.get<AmlCasesResponse>(`/aml/cases${queryString({ ...filters, cursor: pageParam })}`, {
        signal,
      }),
    getNextPageParam: (last) => last.next_cursor,
  });

export const caseQuery = (id: string) =>
  queryOptions({
    queryKey: ['staff', 'compliance', 'case', id],
    queryFn: ({ signal }) => staffApi.get<AmlCase>(`/aml/cases/${id}`, { signal }),
  });

export const openCase = (alertId: string, reason: string) =>
  staffApi.post<AmlCase>('/aml/cases', { alert_id: alertId, reason } satisfies OpenAmlCaseRequest);

export const reviewCase = (id: string, reason: string) =>
  staffApi.post<AmlCase>(`/aml/cases/${id}/review`, { reason } satisfies ReviewAmlCaseRequest);

export const closeCase = (id: string, outcome: CloseAmlCaseRequest['outcome'], reason: string) =>
  staffApi.post<AmlCase>(`/aml/cases/${id}/close`, { outcome, reason } satisfies CloseAmlCaseRequest);

export const goamlFile = async (id: string, type: GoamlReportQuery['type']): Promise<Blob> =>
  (await send('GET', `/aml/cases/${id}/goaml${queryString({ type })}`)).blob();

export const thresholdCsv = async (from: string, to: string): Promise<Blob> =>
  (await send('GET', `/aml/threshold-transactions.csv${queryString({ from, to })}`)).blob();

export const feedStatusQuery = () =>
  queryOptions({
    queryKey: ['staff', 'compliance', 'feed'],
    queryFn: ({ signal }) => staffApi.get<FeedStatusResponse>('/regulator-feed/status', { signal }),
  });

/** A parked feed event back in the queue, with the reason (decision 063). */
export const releaseParkedEvent = (sequence: number, reason: string) =>
  staffApi.post<StaffFeedReleaseResponse>(`/staff/regulator-feed/parked/${sequence}/release`, {
    reason,
  } satisfies StaffFeedReleaseRequest);

export const replayFeed = (fromSequence: number, reason: string) =>
  staffApi.post<StaffFeedReplayResponse>('/staff/regulator-feed/replay', {
    from_sequence: fromSequence,
    reason,
  } satisfies StaffFeedReplayRequest);
