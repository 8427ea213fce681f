/**
 * The tax rates screen in components (decision 040): it reads the rates in force and each tax's
 * rates (per cent from basis points, EAT, state, who and why); schedules a change sending the tax,
 * whole basis points parsed from the per cent typed, the EAT instant with its offset and the
 * note; refuses a rate it cannot read without calling; says the API's refusal plainly; cancels a
 * scheduled change with a reason; and lists a cancelled change as such, with who, when and why.
 */
import type { TaxRate, TaxRatesResponse } from '@mchezo/contracts/payments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import type { StaffRoute } from '../../app/routes.tsx';
import { useSession } from '../../session/session-store.ts';
import { type Call, fakeApi, member, renderAt, session } from '../../testing/render-app.tsx';
import { parsePercentToBp, percentOf } from './rates.ts';

const ROUTES: StaffRoute[] = [
  { path: 'finance/tax-rates', roles: ['finance'], page: lazy(() => import('./tax-rates-page.tsx')) },
];
const me = { ...member, roles: ['finance'] };

const rate = (over: Partial<TaxRate>): TaxRate => ({
  id: 'r-excise-0',
  kind: 'excise',
  rate_bp: 500,
  effective_from: null,
  status: 'in_force',
  created_by: 'environment',
  created_by_name: null,
  created_at: '2026-11-01T00:00:00.000Z',
  note: null,
  cancelled_at: null,
  cancelled_by: null,
  cancelled_by_name: null,
  cancel_note: null,
  ...over,
});
const scheduled = rate({
  id: 'r-excise-1',
  rate_bp: 1250,
  // 1 Dec 2026, 00:00 in Nairobi.
  effective_from: '2026-11-30T21:00:00.000Z',
  status: 'scheduled',
  created_by: '+254700000009',
  created_by_name: 'Akinyi Finance',
  note: 'Finance Act 2026',
});
const listed = (rates: TaxRate[]): TaxRatesResponse => ({
  in_force: { excise: 500, withholding: 750 },
  rates,
});

function api(answer: (call: Call) => [number, unknown] | undefined = () => undefined) {
  return fakeApi((call: Call) => {
    if (call.path === '/staff/me') return [200, { member: me, session }];
    const own = answer(call);
    if (own) return own;
    if (call.path === '/finance/tax-rates' && call.method === 'GET')
      return [200, listed([rate({}), scheduled, rate({ id: 'r-w-0', kind: 'withholding', rate_bp: 750 })])];
    return [404, { error: 'not here' }];
  });
}

async function open() {
  useSession.getState().signedIn({ token: 'stf_finance', member: me, session } as never);
  renderAt('/finance/tax-rates', ROUTES);
  expect(await screen.findByRole('heading', { level: 1, name: 'Tax rates' })).toBeTruthy();
  return screen.findByRole('table', { name: 'Excise duty rates' });
}

const form = () => screen.getByRole('form', { name: 'Schedule a change' });
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

describe('tax rates', () => {
  it('reads the rates: per cent from basis points, EAT, state, who set each and why', async () => {
    api();
    const excise = await open();
    expect(screen.getByText('Excise duty: rate now').nextElementSibling?.textContent).toBe('5.00%');
    expect(screen.getByText('Withholding tax: rate now').nextElementSibling?.textContent).toBe('7.50%');
    const rows = within(excise).getAllByRole('row').slice(1);
    // Newest first: the scheduled change, then the first rate.
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').textContent).toBe('1 Dec 2026, 00:00');
    expect(rows[0]?.textContent).toContain('12.50%');
    expect(rows[0]?.textContent).toContain('Scheduled');
    expect(rows[0]?.textContent).toContain('Akinyi Finance (+254700000009)');
    expect(rows[0]?.textContent).toContain('Finance Act 2026');
    expect(within(rows[1] as HTMLElement).getByRole('rowheader').textContent).toBe('From the start');
    expect(rows[1]?.textContent).toContain('In force');
    expect(rows[1]?.textContent).toContain('Start-up setting');
    // Only a scheduled change can be cancelled.
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();
    const withholding = screen.getByRole('table', { name: 'Withholding tax rates' });
    expect(within(withholding).getAllByRole('row')).toHaveLength(2);
  });

  it('schedules a change: the tax, whole basis points, the EAT instant and the note', async () => {
    const calls = api((call) =>
      call.method === 'POST' && call.path === '/finance/tax-rates'
        ? [201, rate({ ...scheduled, id: 'r-w-1', kind: 'withholding', rate_bp: 1005 })]
        : undefined,
    );
    await open();
    const f = within(form());
    fireEvent.change(f.getByLabelText('Tax'), { target: { value: 'withholding' } });
    fireEvent.change(f.getByLabelText('New rate (%)'), { target: { value: '10.05' } });
    fireEvent.change(f.getByLabelText('Takes effect on (EAT)'), { target: { value: '2026-12-01' } });
    fireEvent.change(f.getByLabelText('At (EAT)'), { target: { value: '00:00' } });
    fireEvent.change(f.getByLabelText('Note (why, e.g. the Finance Act)'), {
      target: { value: '  Finance Act 2026  ' },
    });
    fireEvent.click(f.getByRole('button', { name: 'Schedule the change' }));
    expect(await f.findByRole('button', { name: 'Scheduling…' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The change of withholding tax to 10.05% from 1 Dec 2026, 00:00 is scheduled.',
      ),
    );
    expect(posts(calls)).toEqual([
      {
        method: 'POST',
        path: '/finance/tax-rates',
        body: {
          kind: 'withholding',
          rate_bp: 1005,
          effective_from: '2026-12-01T00:00:00+03:00',
          note: 'Finance Act 2026',
        },
        auth: 'Bearer stf_finance',
      },
    ]);
    // The list is read again after the change.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/finance/tax-rates' && c.method === 'GET')).toHaveLength(2),
    );
  });

  it('sends nothing for a rate it cannot read or a missing note, and says what is wrong', async () => {
    const calls = api();
    await open();
    const f = within(form());
    const field = f.getByLabelText('New rate (%)');
    fireEvent.change(field, { target: { value: '100.5' } });
    fireEvent.click(f.getByRole('button', { name: 'Schedule the change' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(f.getByText('Type a rate from 0 to 100 with at most two decimals.')).toBeTruthy();
    expect(f.getByText('Say why in 3 characters or more.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('says plainly when the API refuses a change that is not a minute ahead', async () => {
    api((call) =>
      call.method === 'POST'
        ? [422, { error: 'effective_from must be at least a minute in the future', code: 'NOT_IN_FUTURE' }]
        : undefined,
    );
    await open();
    const f = within(form());
    fireEvent.change(f.getByLabelText('New rate (%)'), { target: { value: '7' } });
    fireEvent.change(f.getByLabelText('Note (why, e.g. the Finance Act)'), { target: { value: 'Act' } });
    fireEvent.click(f.getByRole('button', { name: 'Schedule the change' }));
    expect((await f.findByRole('alert')).textContent).toBe(
      'The change must take effect at least a minute from now. Choose a later date or time.',
    );
    expect(f.getByRole('button', { name: 'Schedule the change' })).toBeTruthy();
  });

  it('cancels a scheduled change with a reason and says so', async () => {
    const calls = api((call) =>
      call.path === '/finance/tax-rates/r-excise-1/cancel'
        ? [200, { id: 'r-excise-1', cancelled: true }]
        : undefined,
    );
    await open();
    fireEvent.click(
      screen.getByRole('button', {
        name: 'Cancel change: excise duty to 12.50% from 1 Dec 2026, 00:00',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel a scheduled change' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'entered by mistake' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)).toEqual([
      {
        method: 'POST',
        path: '/finance/tax-rates/r-excise-1/cancel',
        body: { note: 'entered by mistake' },
        auth: 'Bearer stf_finance',
      },
    ]);
    expect(
      screen.getByText('The change of excise duty to 12.50% from 1 Dec 2026, 00:00 is cancelled.'),
    ).toBeTruthy();
  });

  it('lists a cancelled change: its state, who cancelled it, when and why, and no Cancel button', async () => {
    const cancelled = rate({
      ...scheduled,
      id: 'r-excise-2',
      rate_bp: 1500,
      // 15 Dec 2026, 00:00 in Nairobi.
      effective_from: '2026-12-14T21:00:00.000Z',
      status: 'cancelled',
      note: 'Finance Act 2026 draft',
      // 28 Nov 2026, 14:05 in Nairobi.
      cancelled_at: '2026-11-28T11:05:00.000Z',
      cancelled_by: '+254700000010',
      cancelled_by_name: 'Baraka Finance',
      cancel_note: 'entered by mistake',
    });
    api((call) =>
      call.path === '/finance/tax-rates' && call.method === 'GET'
        ? [200, listed([rate({}), scheduled, cancelled])]
        : undefined,
    );
    const excise = await open();
    const rows = within(excise).getAllByRole('row').slice(1);
    // Newest first: the cancelled change at its instant, among the others.
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      '15 Dec 2026, 00:00',
      '1 Dec 2026, 00:00',
      'From the start',
    ]);
    const row = rows[0] as HTMLElement;
    expect(within(row).getByText('Cancelled')).toBeTruthy();
    // The rate it would have had, struck through: never in force.
    expect(within(row).getByText('15.00%').tagName).toBe('S');
    expect(row.textContent).toContain('Akinyi Finance (+254700000009)');
    expect(row.textContent).toContain('Finance Act 2026 draft');
    expect(
      within(row).getByText(
        'Cancelled by Baraka Finance (+254700000010) on 28 Nov 2026, 14:05: entered by mistake',
      ),
    ).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
    // The scheduled one beside it can still be cancelled.
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: /^Cancel change/ })).toBeTruthy();
  });

  it.each([
    ['NOT_SCHEDULED', /can no longer be cancelled/],
    ['ALREADY_CANCELLED', /Someone has already cancelled this change/],
  ])('shows a refusal to cancel (%s) inside the dialog, in plain words', async (code, words) => {
    api((call) => (call.method === 'POST' ? [409, { error: 'refused', code }] : undefined));
    await open();
    fireEvent.click(screen.getByRole('button', { name: /^Cancel change: excise duty/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel a scheduled change' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'too late?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the change' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(words);
  });

  it('says when the rates cannot be read, and reads them again', async () => {
    let fail = true;
    api((call) => (call.path === '/finance/tax-rates' && fail ? [503, { error: 'down' }] : undefined));
    useSession.getState().signedIn({ token: 'stf_finance', member: me, session } as never);
    renderAt('/finance/tax-rates', ROUTES);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The server did not answer. Check your connection and try again.',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Excise duty rates' })).toBeTruthy();
  });

  it('reads a per cent as whole basis points from the string, and shows them back', () => {
    expect(parsePercentToBp('7.5')).toBe(750);
    expect(parsePercentToBp('7,25')).toBe(725);
    expect(parsePercentToBp('0.29')).toBe(29);
    expect(parsePercentToBp('100')).toBe(10_000);
    expect(parsePercentToBp('12.5%')).toBe(1250);
    for (const bad of ['', '100.01', '-1', '1.234', 'abc', '1e2']) expect(parsePercentToBp(bad)).toBeNull();
    expect(percentOf(29)).toBe('0.29%');
    expect(percentOf(10_000)).toBe('100.00%');
  });
});
