/**
 * The money-laundering alerts list (compliance): each alert with its rule in words and its
 * player's name and phone; the filters (rule, severity, case status, player) sent to the API, not
 * applied in the browser; "Load more" with the cursor; and a case opened with a reason.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Call } from '../../testing/render-app.tsx';
import { openAsCompliance, queryOf } from './compliance-testing.tsx';

const alert = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `a-${n}`,
  rule: 'large_transaction',
  severity: 'high',
  user_id: `p-${n}`,
  player_name: `Kamau Njoroge ${n}`,
  player_phone: `+25472200000${n}`,
  transactions: ['t-1'],
  figures: { amount_cents: 10_000_000 },
  occurred_at: '2026-11-26T09:59:00Z',
  created_at: '2026-11-26T10:00:00Z',
  case_id: null,
  case_status: null,
  ...extra,
});

const alertCalls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/aml/alerts'));

describe('alerts page', () => {
  it('shows each alert with its rule in words and the player by name and phone', async () => {
    openAsCompliance('/compliance', (call) =>
      call.path.startsWith('/aml/alerts')
        ? [
            200,
            {
              alerts: [alert(1), alert(2, { player_name: null, case_id: 'c-2', case_status: 'reviewing' })],
              next_cursor: null,
            },
          ]
        : undefined,
    );
    expect(await screen.findByRole('link', { name: 'Kamau Njoroge 1' })).toBeTruthy();
    expect(screen.getByText('+254722000001')).toBeTruthy();
    const shown = screen.getAllByText('Large transaction').filter((el) => el.tagName !== 'OPTION');
    expect(shown.length).toBe(2);
    expect(screen.queryByText('large_transaction')).toBeNull();
    // A player who gave no name is still named by the phone next to it.
    expect(screen.getByRole('link', { name: 'No name given' }).getAttribute('href')).toBe('/players/p-2');
    expect(screen.getByRole('link', { name: 'Reviewing' }).getAttribute('href')).toBe(
      '/compliance/cases/c-2',
    );
  });

  it('sends the filters to the API and pages with its cursor', async () => {
    const calls = openAsCompliance('/compliance', (call) => {
      if (!call.path.startsWith('/aml/alerts')) return undefined;
      const q = queryOf(call);
      if (q.cursor === 'next-1') return [200, { alerts: [alert(3)], next_cursor: null }];
      return [200, { alerts: q.severity ? [alert(2)] : [alert(1)], next_cursor: 'next-1' }];
    });
    expect(await screen.findByRole('link', { name: 'Kamau Njoroge 1' })).toBeTruthy();
    expect(queryOf(alertCalls(calls)[0]!)).toEqual({});

    fireEvent.change(screen.getByLabelText('Severity'), { target: { value: 'high' } });
    fireEvent.change(screen.getByLabelText('Rule'), { target: { value: 'structuring' } });
    fireEvent.change(screen.getByLabelText('Case'), { target: { value: 'none' } });
    fireEvent.change(screen.getByLabelText('Player (phone or name)'), { target: { value: '0722' } });
    await waitFor(() =>
      expect(queryOf(alertCalls(calls).at(-1)!)).toEqual({
        severity: 'high',
        rule: 'structuring',
        status: 'none',
        player: '0722',
      }),
    );
    expect(await screen.findByRole('link', { name: 'Kamau Njoroge 2' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Kamau Njoroge 1' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Kamau Njoroge 3' })).toBeTruthy();
    expect(queryOf(alertCalls(calls).at(-1)!)).toMatchObject({ severity: 'high', cursor: 'next-1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('waits for 3 characters before filtering by player', async () => {
    const calls = openAsCompliance('/compliance', (call) =>
      call.path.startsWith('/aml/alerts') ? [200, { alerts: [], next_cursor: null }] : undefined,
    );
    expect(await screen.findByText('No alerts match these filters.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Player (phone or name)'), { target: { value: 'ka' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(alertCalls(calls).every((c) => !queryOf(c).player)).toBe(true);
  });

  it('opens a case with a reason and goes to it', async () => {
    const calls = openAsCompliance('/compliance', (call) => {
      if (call.path === '/aml/cases' && call.method === 'POST') return [201, { id: 'c-9' }];
      if (call.path.startsWith('/aml/alerts')) return [200, { alerts: [alert(1)], next_cursor: null }];
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Open a case' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open a case for this alert' });
    expect(within(dialog).getByText('Large transaction · High')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Deposit at the threshold' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open a case' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/aml/cases/c-9')).toBe(true));
    expect(calls.find((c) => c.path === '/aml/cases')?.body).toEqual({
      alert_id: 'a-1',
      reason: 'Deposit at the threshold',
    });
  });
});
