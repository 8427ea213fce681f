/**
 * Finance (api/README.md "Payment outcomes and review", "Finance (staff)", "Taxes"; every route
 * under /finance/): the review queue with kept callbacks, late payouts and Paybill suspense, and
 * resolving each; finding a player by phone or Paybill account number; manual adjustments with
 * four eyes; the finance report per East Africa Time day or month in cents, its CSV, the tax
 * report with its rate periods (cents too), and the tax rates by date: listed, a change
 * scheduled, a scheduled change cancelled (decision 040).
 */
import type {
  ReviewQueueResponse,
  ScheduleTaxRateRequest,
  TaxRate,
  TaxRatesResponse,
  TaxReportResponse,
} from '@mchezo/contracts/payments';
import type {
  Adjustment,
  AdjustmentListResponse,
  AdjustmentStatus,
  FinancePlayersResponse,
  FinanceReportResponse,
} from '@mchezo/contracts/staff-finance';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryString, send, staffApi } from './client.ts';

export interface ReportRange {
  period: 'day' | 'month';
  from: string;
  to: string;
}

export function useFinanceReport(range: ReportRange) {
  return useQuery({
    queryKey: ['finance', 'report', range],
    queryFn: ({ signal }) =>
      staffApi.get<FinanceReportResponse>(`/finance/report${queryString({ ...range })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTaxReport(range: ReportRange) {
  return useQuery({
    queryKey: ['finance', 'tax-report', range],
    queryFn: ({ signal }) =>
      staffApi.get<TaxReportResponse>(`/finance/tax-report${queryString({ ...range, format: 'json' })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The report's CSV, fetched with the staff token (a plain link would carry none). */
export const reportCsv = async (range: ReportRange): Promise<Blob> =>
  (await send('GET', `/finance/report.csv${queryString({ ...range })}`)).blob();

const taxRatesKey = ['finance', 'tax-rates'] as const;

export function useTaxRates() {
  return useQuery({
    queryKey: taxRatesKey,
    queryFn: ({ signal }) => staffApi.get<TaxRatesResponse>('/finance/tax-rates', { signal }),
  });
}

/** A change (or its cancelling) moves the list, and the tax report's rate periods with it. */
function useAfterTaxRate<Args, Result>(fn: (args: Args) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: ['finance'] }),
  });
}

export const useScheduleTaxRate = () =>
  useAfterTaxRate((body: ScheduleTaxRateRequest) => staffApi.post<TaxRate>('/finance/tax-rates', body));

export const useCancelTaxRate = () =>
  useAfterTaxRate(({ id, note }: { id: string; note: string }) =>
    staffApi.post<{ id: string; cancelled: true }>(`/finance/tax-rates/${encodeURIComponent(id)}/cancel`, {
      note,
    }),
  );

export const financeKeys = {
  review: ['finance', 'review'] as const,
  adjustments: (status: AdjustmentStatus | 'all') => ['finance', 'adjustments', status] as const,
  players: (q: string) => ['finance', 'players', q] as const,
};

export function useReviewQueue() {
  return useQuery({
    queryKey: financeKeys.review,
    queryFn: ({ signal }) => staffApi.get<ReviewQueueResponse>('/finance/review?limit=200', { signal }),
  });
}

function useAfterReview<Args, Result>(fn: (args: Args) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: financeKeys.review }),
  });
}

const item = (kind: string, id: string) => `/finance/review/${kind}/${encodeURIComponent(id)}`;

export const useResolveTransaction = () =>
  useAfterReview(({ id, outcome, note }: { id: string; outcome: 'completed' | 'failed'; note: string }) =>
    staffApi.post<{ transaction_id: string; status: string }>(`${item('transactions', id)}/resolve`, {
      outcome,
      note,
    }),
  );

export const useCloseCallback = () =>
  useAfterReview(({ id, note }: { id: string; note: string }) =>
    staffApi.post<{ callback_id: string; resolved: boolean }>(`${item('callbacks', id)}/resolve`, { note }),
  );

/** Whom a Paybill payment goes to: their account number, or their id when they have none yet. */
type AssignTo = { account_number: string } | { player_id: string };

export const useAssignPaybill = () =>
  useAfterReview(({ id, to, note }: { id: string; to: AssignTo; note: string }) =>
    staffApi.post<{ paybill_id: string; transaction_id: string }>(`${item('paybill', id)}/assign`, {
      ...to,
      note,
    }),
  );

/** Players by phone or Paybill account number; nothing is asked under 3 characters. */
export function useFinancePlayers(q: string) {
  return useQuery({
    queryKey: financeKeys.players(q),
    enabled: q.length >= 3,
    queryFn: ({ signal }) =>
      staffApi.get<FinancePlayersResponse>(`/finance/players${queryString({ q })}`, { signal }),
  });
}

export function useAdjustments(status: AdjustmentStatus | 'all') {
  return useQuery({
    queryKey: financeKeys.adjustments(status),
    queryFn: ({ signal }) =>
      staffApi.get<AdjustmentListResponse>(
        `/finance/adjustments${queryString({ status: status === 'all' ? undefined : status, limit: 100 })}`,
        { signal },
      ),
  });
}

function useAfterAdjustment<Args>(fn: (args: Args) => Promise<Adjustment>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // An adjustment moves balances, the queue's players and the reports: everything finance.
    onSettled: () => client.invalidateQueries({ queryKey: ['finance'] }),
  });
}

export const useProposeAdjustment = () =>
  useAfterAdjustment((body: { player_id: string; amount_cents: number; reason: string }) =>
    staffApi.post<Adjustment>('/finance/adjustments', body),
  );

export const useDecideAdjustment = () =>
  useAfterAdjustment(
    ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason: string }) =>
      staffApi.post<Adjustment>(`/finance/adjustments/${encodeURIComponent(id)}/${decision}`, { reason }),
  );
