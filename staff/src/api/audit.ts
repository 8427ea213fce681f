/** The staff audit (administrators): filtered pages, newest first, and the same filters as CSV. */
import type { StaffAuditEntry } from '@mchezo/contracts/staff';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { queryString, send, staffApi } from './client.ts';

export interface AuditFilters {
  actor?: string;
  player?: string;
  action?: string;
  /** East Africa Time days (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
}

export const AUDIT_PAGE = 50;

export const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['staff', 'audit', filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      staffApi.get<{ entries: StaffAuditEntry[]; next_before: string | null }>(
        `/staff/audit${queryString({ ...filters, limit: AUDIT_PAGE, before: pageParam })}`,
        { signal },
      ),
    getNextPageParam: (last) => last.next_before,
  });

/** The CSV as a Blob (the token goes in the header, so a plain link cannot fetch it). */
export const auditCsv = async (filters: AuditFilters): Promise<Blob> =>
  (await send('GET', `/staff/audit.csv${queryString({ ...filters })}`)).blob();
