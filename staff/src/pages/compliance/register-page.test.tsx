/**
 * The self-exclusion register (compliance): in force by default, each entry with the player and
 * its kind and length, the filters sent to the API, "Load more" with the cursor, and the empty state.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Call } from '../../testing/render-app.tsx';
import { openAsCompliance, queryOf } from './compliance-testing.tsx';

const entry = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `r-${n}`,
  user_id: `p-${n}`,
  phone: `+25473300000${n}`,
  full_name: `Muthoni Wairimu ${n}`,
  kind: 'time_out',
  length: '24h',
  started_at: '2026-11-26T10:00:00Z',
  ends_at: '2026-11-27T10:00:00Z',
  active: true,
  ...extra,
});
const registerCalls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/staff/self-exclusions?'));

describe('self-exclusion register page', () => {
  it('lists what is in force, filters in the API and loads more with the cursor', async () => {
    const calls = openAsCompliance('/compliance/self-exclusions', (call) => {
      if (!call.path.startsWith('/staff/self-exclusions?')) return undefined;
      const q = queryOf(call);
      if (q.cursor === 'next-1') return [200, { entries: [entry(3)], next_cursor: null }];
      if (q.kind === 'self_exclusion')
        return [
          200,
          { entries: [entry(2, { kind: 'self_exclusion', length: '6m' })], next_cursor: 'next-1' },
        ];
      return [200, { entries: [entry(1)], next_cursor: null }];
    });
    expect(await screen.findByRole('link', { name: 'Muthoni Wairimu 1' })).toBeTruthy();
    expect(screen.getByText('+254733000001')).toBeTruthy();
    expect(screen.getByText('Time-out (24h)')).toBeTruthy();
    expect(queryOf(registerCalls(calls)[0]!)).toEqual({ active: 'true' });

    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'self_exclusion' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() =>
      expect(queryOf(registerCalls(calls).at(-1)!)).toEqual({
        active: 'true',
        kind: 'self_exclusion',
        from: '2026-11-01',
      }),
    );
    expect(await screen.findByText('Self-exclusion (6m)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Muthoni Wairimu 3' })).toBeTruthy();
    expect(queryOf(registerCalls(calls).at(-1)!)).toMatchObject({ cursor: 'next-1', kind: 'self_exclusion' });
  });

  it('asks for every entry when "In force" is set to any, and says when none match', async () => {
    const calls = openAsCompliance('/compliance/self-exclusions', (call) =>
      call.path.startsWith('/staff/self-exclusions?') || call.path === '/staff/self-exclusions'
        ? [200, { entries: [], next_cursor: null }]
        : undefined,
    );
    expect(await screen.findByText('Nobody in the register matches these filters.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('In force'), { target: { value: '' } });
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/staff/self-exclusions'));
  });
});
