/**
 * The finance review and adjustments screens in components: the review queue's Complete, Fail and Close, each
 * asking for a reason before its call and sending it as the note; a Paybill payment in suspense
 * assigned to the player found by phone; and adjustments proposed, approved by another person and
 * only withdrawn by their proposer.
 */
import type { ReviewQueueResponse } from '@mchezo/contracts/payments';
import type { Adjustment, FinancePlayer } from '@mchezo/contracts/staff-finance';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import type { StaffRoute } from '../../app/routes.tsx';
import { useSession } from '../../session/session-store.ts';
import { type Call, fakeApi, member, renderAt, session } from '../../testing/render-app.tsx';

const ROUTES: StaffRoute[] = [
  { path: 'finance/review', roles: ['finance'], page: lazy(() => import('./review-page.tsx')) },
  { path: 'finance/adjustments', roles: ['finance'], page: lazy(() => import('./adjustments-page.tsx')) },
];
const me = { ...member, roles: ['finance'] };

const queue: ReviewQueueResponse = {
  transactions: [
    {
      transaction_id: 'tx-1',
      review_id: 'rv-1',
      type: 'withdrawal',
      reason: 'B2C result timed out',
      status_before: 'pending',
      amount: 1500,
      currency: 'KES',
      phone_number: '+254711000001',
      provider: 'mpesa',
      provider_ref: null,
      user_id: 'p-9',
      expected: { amount: 1500 },
      reported: null,
      raw_callback: null,
      created_at: '2026-11-26T09:00:00Z',
      review_created_at: '2026-11-26T09:05:00Z',
    },
  ],
  callbacks: [
    {
      callback_id: 'cb-1',
      provider: 'mpesa',
      kind: 'b2c_result',
      reason: 'NO_TRANSACTION',
      provider_ref: 'QX12',
      transaction_id: null,
      body: { Result: { ResultCode: 0 } },
      received_at: '2026-11-26T09:10:00Z',
    },
  ],
  late_payouts: [],
  paybill: [
    {
      paybill_id: 'pb-1',
      trans_id: 'SK7ABC123',
      amount: 250,
      currency: 'KES',
      bill_ref: '9999',
      msisdn: '254722000002',
      reason: 'UNKNOWN_ACCOUNT',
      received_at: '2026-11-26T08:00:00Z',
    },
  ],
};

const wanjiru: FinancePlayer = {
  user_id: 'p-1',
  phone: '+254722000002',
  full_name: 'Wanjiru Kamau',
  account_number: '10000017',
  main_cents: 12_000,
  withdrawal_cents: 0,
};

/** The fake API: the queue, the finder, the adjustments; a POST answers `post` (ok by default). */
function api({
  post = () => [200, {}],
  adjustments = [],
  players = [wanjiru],
}: {
  post?: (call: Call) => [number, unknown];
  adjustments?: Adjustment[];
  players?: FinancePlayer[];
} = {}) {
  return fakeApi((call) => {
    if (call.path === '/staff/me') return [200, { member: me, session }];
    if (call.path.startsWith('/finance/review?')) return [200, queue];
    if (call.path.startsWith('/finance/players?')) return [200, { players }];
    if (call.method === 'GET' && call.path.startsWith('/finance/adjustments')) return [200, { adjustments }];
    return post(call);
  });
}

async function open(path: string, heading: string) {
  useSession.getState().signedIn({ token: 'stf_finance', member: me, session } as never);
  renderAt(path, ROUTES);
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
}

const reviewReads = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/finance/review?')).length;

/** Types the reason in an open dialog and presses its confirm button. */
function confirmWith(dialog: HTMLElement, reason: string, button: string) {
  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
}

describe('the review queue', () => {
  it('completes a transaction in review with the reason as its note, and reads the queue again', async () => {
    const calls = api();
    await open('/finance/review', 'Payments');
    const table = await screen.findByRole('table', { name: 'Transactions in review' });
    expect(within(table).getByText('+254711000001')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Mark completed' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Mark this KSh 1,500.00 transaction completed?',
    });

    confirmWith(dialog, 'ok', 'Mark completed');
    expect(within(dialog).getByText('Say why in 3 characters or more.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const before = reviewReads(calls);
    confirmWith(dialog, 'M-Pesa statement shows it paid', 'Mark completed');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/finance/review/transactions/tx-1/resolve',
        body: { outcome: 'completed', note: 'M-Pesa statement shows it paid' },
        auth: 'Bearer stf_finance',
      }),
    ]);
    await waitFor(() => expect(reviewReads(calls)).toBeGreaterThan(before));
  });

  it('fails a transaction, and keeps the dialog open with the server’s refusal', async () => {
    const calls = api({ post: () => [409, { error: 'Already resolved by someone else', code: 'CONFLICT' }] });
    await open('/finance/review', 'Payments');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark failed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this KSh 1,500.00 transaction failed?' });
    confirmWith(dialog, 'Safaricom reversed it', 'Mark failed');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Already resolved by someone else');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/finance/review/transactions/tx-1/resolve',
      body: { outcome: 'failed', note: 'Safaricom reversed it' },
    });
  });

  it('closes a kept callback with the reason as its note', async () => {
    const calls = api();
    await open('/finance/review', 'Payments');
    const table = await screen.findByRole('table', { name: 'Kept callbacks' });
    expect(within(table).getByText('mpesa · b2c_result')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this callback as dealt with?' });
    confirmWith(dialog, 'Duplicate of a settled result', 'Close');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/finance/review/callbacks/cb-1/resolve',
      body: { note: 'Duplicate of a settled result' },
    });
  });

  // A player who has no account number yet is named by their id: the assignment gives them one.
  it.each([
    ['their account number', wanjiru, { account_number: '10000017' }],
    ['their id, having no account number yet', { ...wanjiru, account_number: null }, { player_id: 'p-1' }],
  ])('assigns a Paybill payment in suspense to the player found by phone, by %s', async (_, player, to) => {
    const calls = api({ players: [player] });
    await open('/finance/review', 'Payments');
    const table = await screen.findByRole('table', { name: 'Paybill suspense' });
    expect(within(table).getByText('No player has this account number')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Assign to player SK7ABC123' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a Paybill payment to a player' });

    // No player picked yet: said, and nothing is sent.
    confirmWith(dialog, 'Typed the wrong account', 'Assign');
    expect(within(dialog).getByRole('alert').textContent).toBe('Find the player and pick them first.');

    fireEvent.change(within(dialog).getByLabelText("Player's phone or Paybill account number"), {
      target: { value: '0722 000 002' },
    });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /\+254722000002 · Wanjiru Kamau/ }));
    expect(calls.find((c) => c.path.startsWith('/finance/players?'))?.path).toBe(
      '/finance/players?q=0722+000+002',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/finance/review/paybill/pb-1/assign',
        body: { ...to, note: 'Typed the wrong account' },
      }),
    ]);
  });
});

const person = (user_id: string, phone: string, full_name: string | null) => ({ user_id, phone, full_name });
const adjustment = (id: string, proposer: string): Adjustment => ({
  id,
  player: person('p-1', '+254722000002', 'Wanjiru Kamau'),
  amount_cents: 50_000,
  status: 'pending',
  reason: 'Goodwill after the outage',
  proposed_by: person(proposer, '+254700000009', 'Achieng Odhiambo'),
  proposed_at: '2026-11-26T07:00:00Z',
  decided_by: null,
  decided_at: null,
  decision_reason: null,
});

describe('manual adjustments', () => {
  it('proposes a debit in cents for the player found, and says it waits for approval', async () => {
    const calls = api({ post: () => [201, adjustment('a-9', me.user_id)] });
    await open('/finance/adjustments', 'Manual adjustments');
    const form = screen.getByRole('form', { name: 'Propose an adjustment' });
    fireEvent.change(within(form).getByLabelText('Amount (KSh)'), { target: { value: '150.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Propose' }));
    expect(within(form).getByRole('alert').textContent).toBe('Find the player and pick them first.');

    fireEvent.change(within(form).getByLabelText("Player's phone or Paybill account number"), {
      target: { value: '10000017' },
    });
    fireEvent.click(await within(form).findByRole('radio', { name: /Wanjiru Kamau/ }));
    fireEvent.click(within(form).getByLabelText('Debit (take from the balance)'));
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Bonus paid twice' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Propose' }));
    expect((await within(form).findByRole('status')).textContent).toMatch(
      /^Proposed KSh -150\.50 for \+254722000002/,
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/finance/adjustments',
        body: { player_id: 'p-1', amount_cents: -15_050, reason: 'Bonus paid twice' },
      }),
    ]);
  });

  it('approves another person’s proposal with a reason, and offers only Withdraw on one’s own', async () => {
    const calls = api({ adjustments: [adjustment('a-1', 'u-other'), adjustment('a-2', me.user_id)] });
    await open('/finance/adjustments', 'Manual adjustments');
    const table = await screen.findByRole('table', { name: 'Waiting for approval' });
    const [theirs, mine] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(mine).getByText('Yours: another finance person approves it.')).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(mine).getByRole('button', { name: 'Withdraw' })).toBeTruthy();

    fireEvent.click(within(theirs).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve KSh 500.00 for +254722000002?' });
    expect(within(dialog).getByText('Goodwill after the outage')).toBeTruthy();
    confirmWith(dialog, 'Checked the outage log', 'Approve');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/finance/adjustments/a-1/approve',
        body: { reason: 'Checked the outage log' },
      }),
    ]);
  });
});
