/**
 * The regulator feed (compliance): what waits and the last delivery in words, a replay number
 * checked before anything is sent (said under the field), and a replay sent with its reason.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAsCompliance } from './compliance-testing.tsx';

const status = {
  enabled: true,
  backlog: 7,
  oldestUndeliveredAt: '2026-11-26T09:50:00Z',
  oldestUndeliveredAgeMs: 12 * 60_000,
  lastSequence: 120,
  lastDeliveredSequence: 113,
  lastDelivery: { at: '2026-11-26T09:49:00Z', result: 'failed', error: 'timeout', batchId: null },
  lastDeliveredAt: '2026-11-26T09:40:00Z',
  failures: 3,
  nextAttemptAt: null,
  parked: 0,
  parkedEvents: [] as unknown[],
};

const parkedEvent = {
  sequence: 42,
  eventId: 'evt-42',
  type: 'limit_change',
  occurredAt: '2026-11-26T09:30:00Z',
  parkedAt: '2026-11-26T09:31:00Z',
  reason: 'HTTP 413: too large for the receiver',
};

function open(feed: typeof status = status) {
  return openAsCompliance('/compliance/feed', (call) => {
    if (call.path === '/regulator-feed/status') return [200, feed];
    if (call.path === '/staff/regulator-feed/replay') return [200, { from_sequence: 5, requeued: 116 }];
    if (call.path === '/staff/regulator-feed/parked/42/release')
      return [200, { sequence: 42, released: true }];
    return undefined;
  });
}

const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('regulator feed page', () => {
  it('shows what waits and the last delivery in words', async () => {
    open();
    expect(await screen.findByText('Configured')).toBeTruthy();
    expect(figure('Events waiting')).toBe('7');
    expect(figure('Oldest waiting')).toBe('12 minutes');
    expect(figure('Last delivery')).toMatch(/^Failed · /);
    expect(figure('Failures in a row')).toBe('3');
  });

  it('says when no event is parked', async () => {
    open();
    expect(await screen.findByText('No event is parked.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '0 parked events' })).toBeTruthy();
  });

  it('lists each parked event with its reason and sends one again with a reason', async () => {
    const calls = open({ ...status, parked: 3, parkedEvents: [parkedEvent] });
    const table = await screen.findByRole('table', { name: '3 parked events' });
    const row = within(table).getByRole('row', { name: /42/ });
    expect(within(row).getByText('HTTP 413: too large for the receiver')).toBeTruthy();
    expect(within(row).getByText('limit_change')).toBeTruthy();
    // Only the oldest are listed: the page says how many there are.
    expect(screen.getByText('The oldest 1 of 3 are listed.')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Send again… (event 42)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send event 42 again?' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Receiver limit raised' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/staff/regulator-feed/parked/42/release')).toBe(true),
    );
    expect(calls.find((c) => c.path === '/staff/regulator-feed/parked/42/release')?.body).toEqual({
      reason: 'Receiver limit raised',
    });
  });

  it('says under the field when the number is not one to replay from, and sends nothing', async () => {
    const calls = open();
    await screen.findByText('Configured');
    const field = screen.getByLabelText('From sequence number');
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Replay…' }));
    expect(await screen.findByText('Type a whole number of 1 or more.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.path.includes('replay'))).toBe(false);
  });

  it('replays from the number typed, with the reason', async () => {
    const calls = open();
    await screen.findByText('Configured');
    fireEvent.change(screen.getByLabelText('From sequence number'), { target: { value: '5x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Replay…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replay every event from number 5?' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Regulator asked again' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replay' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/staff/regulator-feed/replay')).toBe(true));
    expect(calls.find((c) => c.path === '/staff/regulator-feed/replay')?.body).toEqual({
      from_sequence: 5,
      reason: 'Regulator asked again',
    });
  });
});
