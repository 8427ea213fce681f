/**
 * The identity checks queue (compliance): the pending checks with the document masked, "Load
 * more" with the API's cursor, a refusal sent with the code and reason chosen, and the empty state.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAsCompliance, queryOf } from './compliance-testing.tsx';

const check = (n: number) => ({
  user_id: `p-${n}`,
  phone: `+25471200000${n}`,
  full_name: `Achieng Odhiambo ${n}`,
  document_type: 'national_id',
  document_number_masked: '****1234',
  reason: 'CHECK_UNAVAILABLE',
  provider: 'iprs',
  checked_at: '2026-11-26T10:00:00Z',
  attempts: 2,
});

describe('identity checks page', () => {
  it('lists the pending checks and loads the next page with the cursor', async () => {
    const calls = openAsCompliance('/compliance/identity', (call) => {
      if (!call.path.startsWith('/staff/identity-checks')) return undefined;
      return queryOf(call).cursor === 'next-1'
        ? [200, { checks: [check(2)], next_cursor: null }]
        : [200, { checks: [check(1)], next_cursor: 'next-1' }];
    });
    expect(await screen.findByRole('link', { name: 'Achieng Odhiambo 1' })).toBeTruthy();
    expect(screen.getByText('+254712000001')).toBeTruthy();
    expect(screen.getAllByText('National ID ****1234').length).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Achieng Odhiambo 2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const pages = calls.filter((c) => c.path.startsWith('/staff/identity-checks'));
    expect(pages.map(queryOf)).toEqual([{ status: 'pending' }, { status: 'pending', cursor: 'next-1' }]);
  });

  it('refuses a check with the code and the reason chosen', async () => {
    const calls = openAsCompliance('/compliance/identity', (call) => {
      if (call.path.endsWith('/reject'))
        return [200, { user_id: 'p-1', status: 'rejected', reason: 'NAME_MISMATCH' }];
      if (call.path.startsWith('/staff/identity-checks'))
        return [200, { checks: [check(1)], next_cursor: null }];
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Refuse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse the identity of Achieng Odhiambo 1' });
    fireEvent.change(within(dialog).getByLabelText('What the player is told'), {
      target: { value: 'NAME_MISMATCH' },
    });
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Name differs on the ID' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/reject'))).toBe(true));
    const reject = calls.find((c) => c.path.endsWith('/reject'));
    expect(reject).toMatchObject({
      method: 'POST',
      path: '/staff/identity-checks/p-1/reject',
      body: { code: 'NAME_MISMATCH', reason: 'Name differs on the ID' },
    });
    // The queue is asked again after the decision.
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith('/staff/identity-checks?')).length).toBe(2),
    );
  });

  it('says so when nothing waits', async () => {
    openAsCompliance('/compliance/identity', (call) =>
      call.path.startsWith('/staff/identity-checks') ? [200, { checks: [], next_cursor: null }] : undefined,
    );
    expect(await screen.findByText('No identity check is waiting.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refuse' })).toBeNull();
  });
});
