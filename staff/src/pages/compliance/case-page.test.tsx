/**
 * A money-laundering case (compliance): read as a person would (the rule and its figures as
 * labelled KSh, hours and per cent, the transactions with date, kind, amount and status, the
 * trail by name and phone, the player by name), a close the API refuses for four eyes said in
 * plain words (the case unchanged), and a move sent with the reason typed.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAsCompliance } from './compliance-testing.tsx';

const alert = {
  id: 'a-1',
  rule: 'structuring',
  severity: 'high',
  user_id: 'p-1',
  player_name: 'Wanjiku Kamau',
  player_phone: '+254712000111',
  transactions: ['t-1'],
  figures: {
    deposits: 4,
    sum_cents: 10_000_000,
    threshold_cents: 10_000_000,
    window_hours: 24,
    max_stake_bp: 2_500,
  },
  occurred_at: '2026-11-26T09:59:00Z',
  created_at: '2026-11-26T10:00:00Z',
  case_id: 'c-1',
  case_status: 'reviewing',
};
const reviewing = {
  id: 'c-1',
  alert_id: 'a-1',
  user_id: 'p-1',
  severity: 'high',
  status: 'reviewing',
  opened_by: 'u-1',
  opened_at: '2026-11-26T10:00:00Z',
  reviewed_by: 'u-1',
  reviewed_at: '2026-11-26T10:05:00Z',
  closed_by: null,
  closed_at: null,
  steps: [
    {
      action: 'open',
      from_status: null,
      to_status: 'open',
      actor: '0190aaaa-0000-7000-8000-000000000001',
      actor_name: 'Baraka Otieno',
      actor_phone: '+254722000222',
      reason: 'Big deposit',
      at: '2026-11-26T10:00:00Z',
    },
  ],
  alert,
  transactions: [
    {
      id: 't-1',
      type: 'deposit',
      status: 'completed',
      amount: 2_500_050,
      currency: 'KES',
      created_at: '2026-11-26T09:30:00Z',
    },
  ],
};

function api(close: [number, unknown]) {
  return openAsCompliance('/compliance/cases/c-1', (call) => {
    if (call.path === '/aml/cases/c-1') return [200, reviewing];
    if (call.path === '/aml/cases/c-1/close') return close;
    return undefined;
  });
}

async function report(reason: string) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Money-laundering case' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Report to the FRC' }));
  const dialog = await screen.findByRole('dialog', { name: 'Close the case as reported' });
  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Report to the FRC' }));
  return dialog;
}

describe('case page', () => {
  it('reads as a person would: labelled figures, transactions, the trail and the player by name', async () => {
    api([500, { error: 'unused', code: 'UNUSED' }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Money-laundering case' })).toBeTruthy();
    expect(screen.getByText('Many deposits just under the threshold')).toBeTruthy();
    const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(figure('Sum of the deposits')).toBe('KSh 100,000.00');
    expect(figure('Reporting threshold')).toBe('KSh 100,000.00');
    expect(figure('Deposits')).toBe('4');
    expect(figure('Time window')).toBe('24 hours');
    expect(figure('Stake share the rule flags (below)')).toBe('25%');
    expect(screen.queryByText('sum_cents')).toBeNull();
    const tx = screen.getByRole('region', { name: 'Transactions' });
    expect(within(tx).getByText('Deposit')).toBeTruthy();
    expect(within(tx).getByText('KSh 25,000.50')).toBeTruthy();
    expect(within(tx).getByText('Completed')).toBeTruthy();
    expect(screen.getByText('By Baraka Otieno (+254722000222)')).toBeTruthy();
    expect(screen.queryByText(/0190aaaa/)).toBeNull();
    expect(screen.getByText('Case opened', { exact: false })).toBeTruthy();
    const player = screen.getByRole('link', { name: 'Player: Wanjiku Kamau (+254712000111)' });
    expect(player.getAttribute('href')).toBe('/players/p-1');
  });

  it('says the four-eyes refusal plainly and leaves the case as it was', async () => {
    api([403, { error: 'server words', code: 'FOUR_EYES_REQUIRED' }]);
    const dialog = await report('No source of funds');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You opened or reviewed this high-severity case, so you cannot close it. A second compliance person must close it.',
    );
    expect(screen.getAllByText('Reviewing').length).toBeGreaterThan(0);
  });

  it('sends the outcome and the reason, and shows the closed case', async () => {
    const calls = api([200, { ...reviewing, status: 'reported', closed_by: 'u-2' }]);
    await report('Reported to the FRC');
    expect(await screen.findByText('Reported')).toBeTruthy();
    const close = calls.find((c) => c.path === '/aml/cases/c-1/close');
    expect(close?.body).toEqual({ outcome: 'reported', reason: 'Reported to the FRC' });
    expect(screen.queryByRole('button', { name: 'Report to the FRC' })).toBeNull();
  });
});
