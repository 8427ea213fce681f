/** The staff audit (administrators): filtered pages, newest first, and the same filters as CSV. */
import type { StaffAuditCsvQuery, StaffAuditResponse } from '@mchezo/contracts/staff';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { queryString, send, staffApi } from './client.ts';

/** The audit's filters, as GET /staff/audit and /staff/audit.csv take them. */
export type AuditFilters = StaffAuditCsvQuery;

export const AUDIT_PAGE = 50;

export const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['staff', 'audit', filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      staffApi.get<StaffAuditResponse>(
        `/staff/audit${queryString({ ...filters, limit: AUDIT_PAGE, before: pageParam })}`,
        { signal },
      ),
    getNextPageParam: (last) => last.next_before,
  });

/** The CSV as a Blob (the token goes in the header, so a plain link cannot fetch it). */
export const auditCsv = async (filters: AuditFilters): Promise<Blob> =>
  (await send('GET', `/staff/audit.csv${queryString({ ...filters })}`)).blob();
