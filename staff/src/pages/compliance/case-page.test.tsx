/**
 * A money-laundering case (compliance): the rule's figures in KES, a close the API refuses for
 * four eyes said in plain words (the case unchanged), and a move sent with the reason typed.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import type { StaffRoute } from '../../app/routes.tsx';
import { useSession } from '../../session/session-store.ts';
import { type Call, fakeApi, member, renderAt, session } from '../../testing/render-app.tsx';

const ROUTES: StaffRoute[] = [
  { path: 'compliance/cases/:id', roles: ['compliance'], page: lazy(() => import('./case-page.tsx')) },
];
const officer = { ...member, roles: ['compliance'] };
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
      actor: 'u-1',
      reason: 'Big deposit',
      at: '2026-11-26T10:00:00Z',
    },
  ],
};
const alert = {
  id: 'a-1',
  rule: 'large_transaction',
  severity: 'high',
  user_id: 'p-1',
  transactions: ['t-1'],
  figures: { amount_cents: 10_000_000, type: 'deposit' },
  occurred_at: '2026-11-26T09:59:00Z',
  created_at: '2026-11-26T10:00:00Z',
  case_id: 'c-1',
  case_status: 'reviewing',
};

function api(close: [number, unknown]) {
  return fakeApi((call: Call) => {
    if (call.path === '/staff/me') return [200, { member: officer, session }];
    if (call.path === '/aml/cases/c-1') return [200, reviewing];
    if (call.path.startsWith('/aml/alerts')) return [200, { alerts: [alert] }];
    if (call.path === '/aml/cases/c-1/close') return close;
    return [404, { error: 'no', code: 'NOT_FOUND' }];
  });
}

async function report(reason: string) {
  useSession.getState().signedIn({ token: 'stf_c', member: officer, session } as never);
  renderAt('/compliance/cases/c-1', ROUTES);
  expect(await screen.findByRole('heading', { level: 1, name: 'Money-laundering case' })).toBeTruthy();
  expect(await screen.findByText(/100,000\.00/)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Report to the FRC' }));
  const dialog = await screen.findByRole('dialog', { name: 'Close the case as reported' });
  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Report to the FRC' }));
  return dialog;
}

describe('case page', () => {
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
