/**
 * The money-laundering cases list (compliance): by default the cases still open or in review,
 * oldest first; each with its player, rule and status in words and a link to its page; the
 * filters (status, rule, severity, order, player) sent to the API, not applied in the browser;
 * "Load more" with the cursor; and the empty and error states.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Call } from '../../testing/render-app.tsx';
import { openAsCompliance, queryOf } from './compliance-testing.tsx';

const row = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `c-${n}`,
  alert_id: `a-${n}`,
  status: 'open',
  severity: 'high',
  rule: 'large_transaction',
  user_id: `p-${n}`,
  player_name: `Achieng Otieno ${n}`,
  player_phone: `+25472200000${n}`,
  opened_at: '2026-11-26T07:00:00Z',
  opened_by: 's-1',
  opened_by_name: 'Amina Officer',
  opened_by_phone: '+254711000001',
  last_step_at: '2026-11-26T08:30:00Z',
  ...extra,
});

const caseCalls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/aml/cases'));

describe('cases page', () => {
  it('lists the open and reviewing cases, oldest first, each linking to its page', async () => {
    const calls = openAsCompliance('/compliance/cases', (call) =>
      call.path.startsWith('/aml/cases')
        ? [
            200,
            {
              cases: [row(1), row(2, { player_name: null, status: 'reviewing', severity: 'medium' })],
              next_cursor: null,
            },
          ]
        : undefined,
    );
    const link = await screen.findByRole('link', { name: 'Achieng Otieno 1' });
    expect(link.getAttribute('href')).toBe('/compliance/cases/c-1');
    expect(queryOf(caseCalls(calls)[0]!)).toEqual({ status: 'active', order: 'oldest' });
    // A player who gave no name is named by the phone.
    expect(screen.getByRole('link', { name: '+254722000002' }).getAttribute('href')).toBe(
      '/compliance/cases/c-2',
    );
    expect(screen.getAllByText('Amina Officer (+254711000001)')).toHaveLength(2);
    const inTable = (text: string) => screen.getAllByText(text).filter((el) => el.tagName !== 'OPTION');
    expect(inTable('Large transaction')).toHaveLength(2);
    expect(inTable('Reviewing')).toHaveLength(1);
    expect(inTable('Medium')).toHaveLength(1);
    expect(screen.queryByText('large_transaction')).toBeNull();
    expect(screen.getByRole('link', { name: 'Cases' }).getAttribute('aria-current')).toBe('page');
  });

  it('sends the filters to the API and pages with its cursor', async () => {
    const calls = openAsCompliance('/compliance/cases', (call) => {
      if (!call.path.startsWith('/aml/cases')) return undefined;
      const q = queryOf(call);
      if (q.cursor === 'next-1') return [200, { cases: [row(3)], next_cursor: null }];
      return [200, { cases: q.status === 'reported' ? [row(2)] : [row(1)], next_cursor: 'next-1' }];
    });
    expect(await screen.findByRole('link', { name: 'Achieng Otieno 1' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'reported' } });
    fireEvent.change(screen.getByLabelText('Severity'), { target: { value: 'medium' } });
    fireEvent.change(screen.getByLabelText('Rule'), { target: { value: 'stake_little' } });
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'newest' } });
    fireEvent.change(screen.getByLabelText('Player (phone or name)'), { target: { value: '0722' } });
    await waitFor(() =>
      expect(queryOf(caseCalls(calls).at(-1)!)).toEqual({
        status: 'reported',
        severity: 'medium',
        rule: 'stake_little',
        order: 'newest',
        player: '0722',
      }),
    );
    expect(await screen.findByRole('link', { name: 'Achieng Otieno 2' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Achieng Otieno 1' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Achieng Otieno 3' })).toBeTruthy();
    expect(queryOf(caseCalls(calls).at(-1)!)).toMatchObject({ status: 'reported', cursor: 'next-1' });
    expect(screen.getByRole('link', { name: 'Achieng Otieno 2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    // Any status: the filter is left out.
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    await waitFor(() => expect(queryOf(caseCalls(calls).at(-1)!).status).toBeUndefined());
  });

  it('says when no case matches, and shows an error with a retry', async () => {
    let fail = true;
    openAsCompliance('/compliance/cases', (call) => {
      if (!call.path.startsWith('/aml/cases')) return undefined;
      return fail ? [500, { error: 'boom' }] : [200, { cases: [], next_cursor: null }];
    });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 3000 });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('No cases match these filters.')).toBeTruthy();
  });
});
