/**
 * The finance reports screen in components: it asks for the last 30 EAT days by default, shows the
 * figures (cents as KSh) with their total, a chart's "Show as table" fallback in KSh, the tax
 * report, asks again for the range chosen, and says plainly when the CSV cannot be had.
 */

import type { TaxReportResponse } from '@mchezo/contracts/payments';
import type { FinanceFigures, FinanceReportResponse } from '@mchezo/contracts/staff-finance';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import type { StaffRoute } from '../../app/routes.tsx';
import { useSession } from '../../session/session-store.ts';
import { type Call, fakeApi, member, renderAt, session } from '../../testing/render-app.tsx';
import { defaultRange } from './range.ts';

const ROUTES: StaffRoute[] = [
  { path: 'finance', roles: ['finance'], page: lazy(() => import('./finance-page.tsx')) },
];
const me = { ...member, roles: ['finance'] };

const figures = (deposits: number): FinanceFigures => ({
  deposits,
  withdrawals: 40_000,
  stakes: 90_000,
  wins: 60_000,
  ggr: 30_000,
  excise: 1_250,
  withholding: 2_000,
  adjustments: 0,
  ngr: 28_750,
});
const report = (period: 'day' | 'month', from: string, to: string): FinanceReportResponse => ({
  period,
  from,
  to,
  timezone: 'Africa/Nairobi',
  currency: 'KES',
  rows: [
    { period: '2026-11-01', ...figures(100_000) },
    { period: '2026-11-02', ...figures(250_050) },
  ],
  totals: { ...figures(350_050), withdrawals: 80_000 },
});
const tax: TaxReportResponse = {
  period: 'month',
  from: '2026-11-01',
  to: '2026-11-30',
  timezone: 'Africa/Nairobi',
  currency: 'KES',
  // Integer cents, as the API answers them.
  rows: [
    {
      period: '2026-11',
      excise_base_cents: 350_050,
      excise_duty_cents: 17_503,
      withholding_base_cents: 60_000,
      withholding_tax_cents: 12_000,
    },
  ],
  totals: {
    excise_base_cents: 350_050,
    excise_duty_cents: 17_503,
    withholding_base_cents: 60_000,
    withholding_tax_cents: 12_000,
  },
  rate_periods: [],
};

function api(csv: [number, unknown] = [200, 'period,deposits\n']) {
  return fakeApi((call: Call) => {
    if (call.path === '/staff/me') return [200, { member: me, session }];
    const url = new URL(call.path, 'http://x');
    const q = (k: string) => url.searchParams.get(k) ?? '';
    if (url.pathname === '/finance/report')
      return [200, report(q('period') as 'day' | 'month', q('from'), q('to'))];
    if (url.pathname === '/finance/tax-report') return [200, tax];
    if (url.pathname === '/finance/report.csv') return csv;
    return [404, { error: 'not here' }];
  });
}

async function open() {
  useSession.getState().signedIn({ token: 'stf_finance', member: me, session } as never);
  renderAt('/finance', ROUTES);
  expect(await screen.findByRole('heading', { level: 1, name: 'Finance reports' })).toBeTruthy();
  return screen.findByRole('table', { name: 'Figures per period' });
}

const reportCalls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/finance/report?'));

describe('finance reports', () => {
  it('shows the last 30 days per day, the figures in KSh with their total, and the tax report', async () => {
    const calls = api();
    const table = await open();
    const { from, to } = defaultRange();
    expect(reportCalls(calls).map((c) => c.path)).toEqual([
      `/finance/report?period=day&from=${from}&to=${to}`,
    ]);
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => within(r).queryByRole('rowheader')?.textContent ?? null)).toEqual([
      null,
      '2026-11-01',
      '2026-11-02',
      'Total',
    ]);
    // Deposits are the second column: cents shown as KSh.
    expect(within(rows[2] as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe('KSh 2,500.50');
    expect(within(rows[3] as HTMLElement).getAllByRole('cell')[1]?.textContent).toBe('KSh 800.00');
    const taxTable = await screen.findByRole('table', { name: 'Taxes per period' });
    expect(within(taxTable).getAllByText('KSh 175.03')).toHaveLength(2);
    expect(within(taxTable).getAllByText('KSh 3,500.50')).toHaveLength(2);
    expect(screen.getByText('No tax rate was in force in this range.')).toBeTruthy();
  });

  it('reads a chart as a table in KSh, and back', async () => {
    api();
    await open();
    const chart = screen.getByRole('region', { name: 'Deposits and withdrawals' });
    expect(within(chart).getByRole('img')).toBeTruthy();
    fireEvent.click(within(chart).getByRole('button', { name: 'Show as table' }));
    const table = within(chart).getByRole('table', { name: 'Deposits and withdrawals' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Period', 'Deposits', 'Withdrawals']);
    expect(within(table).getByText('KSh 2,500.50')).toBeTruthy();
    fireEvent.click(within(chart).getByRole('button', { name: 'Show as chart' }));
    expect(within(chart).queryByRole('table')).toBeNull();
  });

  it('asks again per month for the range chosen', async () => {
    const calls = api();
    await open();
    const form = screen.getByRole('form', { name: 'Report range' });
    fireEvent.change(within(form).getByLabelText('Per'), { target: { value: 'month' } });
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-11-30' } });
    expect(reportCalls(calls)).toHaveLength(1);
    fireEvent.click(within(form).getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(reportCalls(calls).at(-1)?.path).toBe(
        '/finance/report?period=month&from=2026-01-01&to=2026-11-30',
      ),
    );
    expect(
      calls.some(
        (c) => c.path === '/finance/tax-report?period=month&from=2026-01-01&to=2026-11-30&format=json',
      ),
    ).toBe(true);
  });

  it('says the CSV could not be had when the server fails', async () => {
    const calls = api([503, { error: 'down' }]);
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The server did not answer. Check your connection and try again.',
    );
    expect(calls.find((c) => c.path.startsWith('/finance/report.csv'))?.auth).toBe('Bearer stf_finance');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });
});
