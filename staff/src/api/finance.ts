/**
 * Finance reports (api/README.md "Finance (staff)" and "Taxes"): the report per East Africa Time
 * day or month in cents, its CSV, and the tax report with its rate periods.
 */
import type { FinanceReportResponse } from '@mchezo/contracts/staff-finance';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryString, send, staffApi } from './client.ts';

export interface ReportRange {
  period: 'day' | 'month';
  from: string;
  to: string;
}

/** GET /payments/tax-report (format=json): KES amounts with two decimals, not cents. */
export interface TaxReport {
  rows: {
    period: string;
    excise_base: number;
    excise_duty: number;
    withholding_base: number;
    withholding_tax: number;
  }[];
  totals: { excise_base: number; excise_duty: number; withholding_base: number; withholding_tax: number };
  rate_periods: {
    period: string;
    kind: 'excise' | 'withholding';
    from: string | null;
    to: string | null;
    rate_bp: number;
    base: number;
    tax: number;
  }[];
}

export function useFinanceReport(range: ReportRange) {
  return useQuery({
    queryKey: ['finance', 'report', range],
    queryFn: ({ signal }) =>
      staffApi.get<FinanceReportResponse>(`/staff/finance/report${queryString({ ...range })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTaxReport(range: ReportRange) {
  return useQuery({
    queryKey: ['finance', 'tax-report', range],
    queryFn: ({ signal }) =>
      staffApi.get<TaxReport>(`/payments/tax-report${queryString({ ...range, format: 'json' })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the report's CSV with the staff token (a plain link would carry none). */
export async function downloadReportCsv(range: ReportRange): Promise<void> {
  const res = await send('GET', `/staff/finance/report.csv${queryString({ ...range })}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `finance-${range.period}-${range.from}-${range.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
