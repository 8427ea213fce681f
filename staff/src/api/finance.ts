/**
 * Finance reports (api/README.md "Finance (staff)" and "Taxes"): the report per East Africa Time
 * day or month in cents, its CSV, the tax report with its rate periods (cents too), and the tax
 * rates by date: listed, a change scheduled, a scheduled change cancelled (decision 040).
 */
import type {
  ScheduleTaxRateRequest,
  TaxRate,
  TaxRatesResponse,
  TaxReportResponse,
} from '@mchezo/contracts/payments';
import type { FinanceReportResponse } from '@mchezo/contracts/staff-finance';
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
