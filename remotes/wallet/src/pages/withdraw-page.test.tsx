import { IDEMPOTENCY_HEADER } from '@mchezo/contracts/wallet-constants';
import { renderRemote, stubApi } from '@mchezo/host/render-remote';
import { FAKE_USER } from '@mchezo/host/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { balances, holdFetch, tx, UUID } from '../testing/wallet-fixtures.ts';
import WithdrawPage from './withdraw-page.tsx';

const withdrawals = (calls: ReturnType<typeof stubApi>) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/wallet/withdraw');
const button = () =>
  screen.getByRole('button', { name: /^(Withdraw|Processing\.\.\.)$/ }) as HTMLButtonElement;
const amountInput = () => screen.getByLabelText('Amount') as HTMLInputElement;
const type = (value: string) => fireEvent.change(amountInput(), { target: { value } });

afterEach(() => {
  vi.useRealTimers();
});

describe('WithdrawPage', () => {
  it('shows the withdrawal pot as the available balance, and the info list', async () => {
    stubApi({ 'GET /wallet/balance': { body: balances(1000, 250.5, 40) } });
    renderRemote(<WithdrawPage />, { user: FAKE_USER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Withdraw' })).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Available balance' });
    expect(await within(card).findByText('KSh 250.50')).toBeTruthy();
    const info = screen.getByRole('region', { name: 'Withdrawal information' });
    const rows = within(info)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Minimum: KSh 100', 'Maximum: KSh 150,000', 'Processing time: Instant']);
  });

  it('disables the button below KES 100 and above the balance, with the reason', async () => {
    stubApi({ 'GET /wallet/balance': { body: balances(5000, 250) } });
    renderRemote(<WithdrawPage />, { user: FAKE_USER });
    await screen.findByText('KSh 250.00');
    expect(button().disabled).toBe(false);

    type('99');
    expect(button().disabled).toBe(true);
    expect(screen.getByText('Minimum withdrawal amount is KES 100')).toBeTruthy();
    expect(amountInput().getAttribute('aria-invalid')).toBe('true');

    type('100');
    expect(button().disabled).toBe(false);
    expect(screen.queryByText('Minimum withdrawal amount is KES 100')).toBeNull();

    type('250');
    expect(button().disabled).toBe(false);
    type('251');
    expect(button().disabled).toBe(true);
    expect(screen.getByText("You don't have enough balance for this withdrawal")).toBeTruthy();
    type('150.5');
    expect(button().disabled).toBe(true);
    expect(screen.getByText('Mobile money takes whole shillings: leave out the cents')).toBeTruthy();
  });

  it('asks for an amount, never for a phone: the payout goes to the registered one', async () => {
    const calls = stubApi({
      'GET /wallet/balance': { body: balances(0, 500) },
      'POST /wallet/withdraw': { body: { transaction_id: 'w1', status: 'pending' } },
      'GET /wallet/transactions/w1': {
        body: { transaction: tx('w1', { type: 'withdrawal', status: 'pending' }) },
      },
    });
    const { toasts } = renderRemote(<WithdrawPage />, { user: { ...FAKE_USER, phone: '' } });
    await screen.findByText('KSh 500.00');
    const phone = screen.getByLabelText('Mobile Money phone number') as HTMLInputElement;
    expect(phone.readOnly).toBe(true);
    expect(screen.getByText('Deposits and withdrawals use your registered number only.')).toBeTruthy();
    fireEvent.click(button());
    expect(toasts).toEqual([
      { kind: 'error', title: 'Amount Required', description: 'Please enter a withdrawal amount' },
    ]);
    expect(withdrawals(calls)).toHaveLength(0);
    // With no registered phone known here, the request names none: the server pays the own one.
    type('200');
    fireEvent.click(button());
    await waitFor(() => expect(withdrawals(calls)).toHaveLength(1));
    expect(withdrawals(calls)[0]?.body).toEqual({ amount: 200, currency: 'KES' });
  });

  it('refuses a submit that slips past the disabled button (Enter) with the rule as a toast', async () => {
    const calls = stubApi({ 'GET /wallet/balance': { body: balances(0, 500) } });
    const { toasts } = renderRemote(<WithdrawPage />, { user: FAKE_USER });
    await screen.findByText('KSh 500.00');
    const form = amountInput().closest('form')!;
    type('50');
    fireEvent.submit(form);
    type('600');
    fireEvent.submit(form);
    expect(toasts).toEqual([
      { kind: 'error', title: 'Amount Too Low', description: 'Minimum withdrawal amount is KES 100' },
      {
        kind: 'error',
        title: 'Insufficient Balance',
        description: "You don't have enough balance for this withdrawal",
      },
    ]);
    expect(withdrawals(calls)).toHaveLength(0);
  });

  it('treats a balance that cannot be read as 0', async () => {
    stubApi({ 'GET /wallet/balance': { status: 500, body: { error: 'boom' } } });
    renderRemote(<WithdrawPage />, { user: FAKE_USER });
    expect(await screen.findByText('Your balance could not be loaded.')).toBeTruthy();
    type('100');
    expect(button().disabled).toBe(true);
    expect(screen.getByText("You don't have enough balance for this withdrawal")).toBeTruthy();
  });

  it('sends the withdrawal with an idempotency key, shows it busy, clears the amount, refreshes the balance after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi({
      'GET /wallet/balance': { body: balances(0, 1000) },
      'POST /wallet/withdraw': { body: { transaction_id: 'w1', status: 'pending' } },
      'GET /wallet/transactions/w1': {
        body: { transaction: tx('w1', { type: 'withdrawal', status: 'pending' }) },
      },
    });
    const { toasts } = renderRemote(<WithdrawPage />, { user: FAKE_USER });
    await screen.findByText('KSh 1,000.00');
    type('300');
    const held = holdFetch();
    fireEvent.click(button());
    expect(
      ((await screen.findByRole('button', { name: 'Processing...' })) as HTMLButtonElement).disabled,
    ).toBe(true);
    held.release();
    await waitFor(() =>
      expect(toasts).toEqual([
        {
          kind: 'success',
          title: 'Withdrawal Initiated',
          description: 'Your withdrawal of KES 300.00 is being processed. Transaction ID: w1',
        },
      ]),
    );
    const [post] = withdrawals(calls);
    expect(post?.body).toEqual({ amount: 300, currency: 'KES', phone_number: '+254712345678' });
    expect(post?.headers[IDEMPOTENCY_HEADER]).toMatch(UUID);
    expect(amountInput().value).toBe('');
    const reads = () => calls.filter((c) => c.path === '/wallet/balance').length;
    expect(reads()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2100));
    await waitFor(() => expect(reads()).toBeGreaterThanOrEqual(2));
  });

  it('says the maximum before sending, and shows a refusal by the server as worded', async () => {
    stubApi({
      'GET /wallet/balance': { body: balances(0, 200_000) },
      'POST /wallet/withdraw': {
        status: 403,
        body: { error: 'Mobile money is not available', code: 'FEATURE_DISABLED' },
      },
    });
    const { toasts } = renderRemote(<WithdrawPage />, { user: FAKE_USER });
    await screen.findByText('KSh 200,000.00');
    type('150001');
    expect(button().disabled).toBe(true);
    expect(screen.getByText('The most you can withdraw at once is KSh 150,000')).toBeTruthy();
    type('150000');
    expect(button().disabled).toBe(false);
    fireEvent.click(button());
    await waitFor(() =>
      expect(toasts).toEqual([
        {
          kind: 'error',
          title: 'Withdrawal Failed',
          description: 'Mobile money is not available',
        },
      ]),
    );
  });

  it('falls back to the generic failure text when the server gives no words', async () => {
    stubApi({
      'GET /wallet/balance': { body: balances(0, 500) },
      'POST /wallet/withdraw': {
        status: 503,
        body: null,
        unchecked: 'a gateway in front of the API, no body',
      },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { toasts } = renderRemote(<WithdrawPage />, { user: FAKE_USER });
    await screen.findByText('KSh 500.00');
    type('100');
    fireEvent.click(button());
    await act(() => vi.advanceTimersByTimeAsync(2500));
    await waitFor(() =>
      expect(toasts).toEqual([
        {
          kind: 'error',
          title: 'Withdrawal Failed',
          description: 'Withdrawal failed: There was an error processing your withdrawal. Please try again.',
        },
      ]),
    );
  });

  it('follows a pending withdrawal until it completes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    stubApi({
      'GET /wallet/balance': { body: balances(0, 500) },
      'POST /wallet/withdraw': { body: { transaction_id: 'w1', status: 'pending' } },
      'GET /wallet/transactions/w1': () => {
        reads += 1;
        return {
          body: {
            // 5% withholding: 95 of the 100 reaches the phone.
            transaction: tx('w1', {
              type: 'withdrawal',
              status: reads < 2 ? 'pending' : 'completed',
              amount: 100,
              tax_kind: 'withholding',
              tax_amount: 5,
              net_amount: 95,
            }),
          },
        };
      },
    });
    const { toasts } = renderRemote(<WithdrawPage />, { user: FAKE_USER });
    await screen.findByText('KSh 500.00');
    type('100');
    fireEvent.click(button());
    const card = await screen.findByRole('region', { name: 'Your last request' });
    expect(within(card).getByText('Withdrawal of KSh 100.00')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2100));
    await waitFor(() => expect(within(card).getByText('Completed')).toBeTruthy());
    expect(toasts).toContainEqual({
      kind: 'success',
      title: 'Withdrawal Completed',
      description: 'KSh 95.00 has been sent to your phone.',
    });
  });

  it('says so when the payout is refused at once and the money is back', async () => {
    stubApi({
      'GET /wallet/balance': { body: balances(0, 500) },
      'POST /wallet/withdraw': { body: { transaction_id: 'w2', status: 'reversed' } },
    });
    const { toasts } = renderRemote(<WithdrawPage />, { user: FAKE_USER });
    await screen.findByText('KSh 500.00');
    type('100');
    fireEvent.click(button());
    await waitFor(() =>
      expect(toasts).toEqual([
        {
          kind: 'error',
          title: 'Withdrawal Failed',
          description: 'Your withdrawal could not be completed. The amount is back in your balance.',
        },
      ]),
    );
    expect(await screen.findByText('Reversed')).toBeTruthy();
  });
});

/** The text as read: the amounts keep their symbol and digits together with a no-break space. */
const shown = (el: HTMLElement) => el.textContent?.replaceAll('\u00A0', ' ');

describe('WithdrawPage tax preview', () => {
  it('shows the withholding tax and what reaches M-Pesa before the player confirms, for a valid amount only', async () => {
    const calls = stubApi({
      'GET /wallet/balance': { body: balances(0, 5000) },
      'GET /wallet/tax-preview': {
        body: {
          type: 'withdrawal',
          amount: 1000,
          currency: 'KES',
          tax_kind: 'withholding',
          tax_rate_bp: 500,
          tax_mode: null,
          tax_amount: 50,
          net_amount: 950,
        },
      },
    });
    renderRemote(<WithdrawPage />, { user: FAKE_USER });
    await screen.findByText('KSh 5,000.00');
    const status = screen.getByTestId('tax-preview');
    expect(status.getAttribute('aria-live')).toBe('polite');
    type('50');
    type('9000');
    expect(shown(status)).toBe('');
    type('1000');
    await waitFor(() =>
      expect(shown(status)).toBe(
        'KSh 1,000.00 withdrawn, withholding tax KSh 50.00, KSh 950.00 to your M-Pesa',
      ),
    );
    expect(calls.filter((c) => c.path.startsWith('/wallet/tax-preview')).map((c) => c.path)).toEqual([
      '/wallet/tax-preview?type=withdrawal&amount=1000',
    ]);
    expect(withdrawals(calls)).toHaveLength(0);
    expect(button().disabled).toBe(false);
  });

  it('says when the tax cannot be shown, and still withdraws', async () => {
    const calls = stubApi({
      'GET /wallet/balance': { body: balances(0, 5000) },
      'GET /wallet/tax-preview': { status: 503, body: { error: 'down' } },
      'POST /wallet/withdraw': { body: { transaction_id: 'tx1', status: 'pending' } },
      'GET /wallet/transactions/tx1': {
        body: { transaction: tx('tx1', { type: 'withdrawal', status: 'pending' }) },
      },
    });
    renderRemote(<WithdrawPage />, { user: FAKE_USER });
    await screen.findByText('KSh 5,000.00');
    type('1000');
    await waitFor(() =>
      expect(shown(screen.getByTestId('tax-preview'))).toBe(
        'The tax could not be shown. You can still continue.',
      ),
    );
    fireEvent.click(button());
    await waitFor(() => expect(withdrawals(calls)).toHaveLength(1));
  });
});
