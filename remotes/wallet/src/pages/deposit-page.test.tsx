import type { TaxPreviewResponse } from '@mchezo/contracts/wallet';
import { IDEMPOTENCY_HEADER } from '@mchezo/contracts/wallet-constants';
import { renderRemote, stubApi } from '@mchezo/host/render-remote';
import { FAKE_USER } from '@mchezo/host/testing';
import { i18n } from '@mchezo/i18n/instance';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { balances, holdFetch, tx, UUID } from '../testing/wallet-fixtures.ts';
import DepositPage from './deposit-page.tsx';

const NO_PHONE_USER = { ...FAKE_USER, phone: '' };
const deposits = (calls: ReturnType<typeof stubApi>) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/wallet/deposit');
const balanceReads = (calls: ReturnType<typeof stubApi>) =>
  calls.filter((c) => c.path === '/wallet/balance').length;

async function fillAmount(value: string) {
  fireEvent.change(await screen.findByLabelText('Amount'), { target: { value } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));

afterEach(() => {
  vi.useRealTimers();
});

describe('DepositPage', () => {
  it('shows the current balance (all pots, added in cents) and both deposit methods', async () => {
    stubApi({ 'GET /wallet/balance': { body: balances(100.1, 50.2, 0.07) } });
    renderRemote(<DepositPage />, { user: FAKE_USER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposit' })).toBeTruthy();
    expect(await screen.findByText('KSh 150.37')).toBeTruthy();
    const online = screen.getByRole('tab', { name: 'Online deposit' });
    expect(online.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Paybill' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('link', { name: 'WhatsApp: +254 700 000 000' }).getAttribute('href')).toBe(
      'https://wa.me/254700000000',
    );
    expect(within(panel).getByRole('link', { name: 'Mobile: +254 700 000 000' }).getAttribute('href')).toBe(
      'tel:+254700000000',
    );
  });

  it('shows the paybill and the player account number with the M-Pesa steps, copying each', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const calls = stubApi({
      'GET /wallet/balance': { body: balances(0, 0) },
      'GET /wallet/paybill': { body: { paybill_number: '174379', account_number: '12345674' } },
    });
    renderRemote(<DepositPage />, { user: FAKE_USER });
    await screen.findByRole('tab', { name: 'Paybill' });
    // Read only once the tab is shown.
    expect(calls.some((c) => c.path === '/wallet/paybill')).toBe(false);
    fireEvent.click(screen.getByRole('tab', { name: 'Paybill' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('12345674')).toBeTruthy();
    expect(within(panel).getByText('174379')).toBeTruthy();
    expect(within(panel).getByText('Enter Business no. 174379.')).toBeTruthy();
    expect(within(panel).getByText('Enter Account no. 12345674.')).toBeTruthy();
    expect(within(panel).getAllByRole('listitem')).toHaveLength(5);
    fireEvent.click(within(panel).getByRole('button', { name: 'Copy Account no.' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('12345674'));
    const announced = await within(panel).findAllByRole('status');
    await waitFor(() => expect(announced.some((s) => s.textContent === 'Copied')).toBe(true));
    fireEvent.click(within(panel).getByRole('button', { name: 'Copy Business no.' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('174379'));
  });

  it('says when the Paybill details cannot be loaded, and tries again', async () => {
    let fail = true;
    stubApi({
      'GET /wallet/balance': { body: balances(0, 0) },
      'GET /wallet/paybill': () =>
        fail
          ? { status: 500, body: { error: 'boom' } }
          : { body: { paybill_number: '174379', account_number: '12345674' } },
    });
    renderRemote(<DepositPage />, { user: FAKE_USER });
    fireEvent.click(await screen.findByRole('tab', { name: 'Paybill' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Your Paybill details could not be loaded.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('12345674')).toBeTruthy();
  });

  it('moves between the method tabs with the arrow keys', async () => {
    stubApi({ 'GET /wallet/balance': { body: balances(0, 0) } });
    renderRemote(<DepositPage />, { user: FAKE_USER });
    const online = await screen.findByRole('tab', { name: 'Online deposit' });
    fireEvent.keyDown(online, { key: 'ArrowRight' });
    const paybill = screen.getByRole('tab', { name: 'Paybill' });
    expect(paybill.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(paybill);
    expect(online.getAttribute('tabindex')).toBe('-1');
  });

  it('fills the amount from the presets 100 to 5000', async () => {
    stubApi({ 'GET /wallet/balance': { body: balances(0, 0) } });
    renderRemote(<DepositPage />, { user: FAKE_USER });
    const presets = within(await screen.findByRole('group', { name: 'Choose an amount' })).getAllByRole(
      'button',
    );
    expect(presets.map((b) => b.textContent)).toEqual([
      'KSh 100',
      'KSh 200',
      'KSh 500',
      'KSh 1,000',
      'KSh 2,000',
      'KSh 5,000',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'KSh 1,000' }));
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('1000');
    expect(screen.getByRole('button', { name: 'KSh 1,000' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('asks for an amount before anything is sent', async () => {
    const calls = stubApi({ 'GET /wallet/balance': { body: balances(0, 0) } });
    const { toasts } = renderRemote(<DepositPage />, { user: FAKE_USER });
    await screen.findByLabelText('Amount');
    submit();
    expect(toasts).toEqual([
      { kind: 'error', title: 'Amount Required', description: 'Please enter a deposit amount' },
    ]);
    expect(deposits(calls)).toHaveLength(0);
  });

  it("uses the player's registered phone, read-only, and says money moves only through it", async () => {
    stubApi({ 'GET /wallet/balance': { body: balances(0, 0) } });
    renderRemote(<DepositPage />, { user: FAKE_USER });
    const phone = (await screen.findByLabelText('Mobile Money phone number')) as HTMLInputElement;
    expect(phone.value).toBe('+254712345678');
    expect(phone.readOnly).toBe(true);
    fireEvent.change(phone, { target: { value: '+254 799 123 456' } });
    expect(phone.value).toBe('+254712345678');
    expect(screen.getByText('Deposits and withdrawals use your registered number only.')).toBeTruthy();
  });

  it('never asks for a phone: with no registered phone known here, the server prompts the own one', async () => {
    const calls = stubApi({
      'GET /wallet/balance': { body: balances(0, 0) },
      'POST /wallet/deposit': { body: { transaction_id: 'tx1', status: 'pending' } },
      'GET /wallet/transactions/tx1': { body: { transaction: tx('tx1', { status: 'pending' }) } },
    });
    const { toasts } = renderRemote(<DepositPage />, { user: NO_PHONE_USER });
    await fillAmount('500');
    const phone = screen.getByLabelText('Mobile Money phone number') as HTMLInputElement;
    expect(phone.readOnly).toBe(true);
    submit();
    await waitFor(() => expect(deposits(calls)).toHaveLength(1));
    expect(deposits(calls)[0]?.body).toEqual({ amount: 500, currency: 'KES' });
    await waitFor(() => expect(toasts.map((x) => x.title)).toEqual(['Deposit Initiated']));
  });

  it('sends the deposit with an idempotency key, says it is processing, clears the amount and refreshes the balance after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi({
      'GET /wallet/balance': { body: balances(0, 0) },
      'POST /wallet/deposit': { body: { transaction_id: 'tx1', status: 'pending' } },
      'GET /wallet/transactions/tx1': { body: { transaction: tx('tx1', { status: 'pending' }) } },
    });
    const { toasts } = renderRemote(<DepositPage />, { user: FAKE_USER });
    await fillAmount('500');
    await waitFor(() => expect(balanceReads(calls)).toBe(1));
    const held = holdFetch();
    submit();
    const busy = await screen.findByRole('button', { name: 'Processing...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    held.release();

    await waitFor(() =>
      expect(toasts).toContainEqual({
        kind: 'success',
        title: 'Deposit Initiated',
        description: 'Your deposit of KES 500.00 is being processed. Transaction ID: tx1',
      }),
    );
    const [post] = deposits(calls);
    expect(post?.body).toEqual({ amount: 500, currency: 'KES', phone_number: '+254712345678' });
    expect(post?.headers[IDEMPOTENCY_HEADER]).toMatch(UUID);
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Deposit' })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(balanceReads(calls)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(balanceReads(calls)).toBe(2));
  });

  it('sends one deposit for a double tap', async () => {
    const calls = stubApi({
      'GET /wallet/balance': { body: balances(0, 0) },
      'POST /wallet/deposit': { body: { transaction_id: 'tx1', status: 'pending' } },
      'GET /wallet/transactions/tx1': { body: { transaction: tx('tx1', { status: 'pending' }) } },
    });
    const { toasts } = renderRemote(<DepositPage />, { user: FAKE_USER });
    await fillAmount('200');
    submit();
    submit();
    // A submit that does not go through the (now disabled) button, e.g. Enter in a field.
    fireEvent.submit(screen.getByLabelText('Amount').closest('form')!);
    await waitFor(() => expect(toasts.filter((t) => t.kind === 'success')).toHaveLength(1));
    expect(deposits(calls)).toHaveLength(1);
  });

  it('re-sends the same key when the answer was lost, and a new key for the next deposit', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let lose = true;
    const calls = stubApi({
      'GET /wallet/balance': { body: balances(0, 0) },
      'POST /wallet/deposit': () => {
        if (lose) throw new TypeError('Failed to fetch');
        return { body: { transaction_id: 'tx1', status: 'pending' } };
      },
      'GET /wallet/transactions/tx1': { body: { transaction: tx('tx1', { status: 'pending' }) } },
    });
    const { toasts, reports } = renderRemote(<DepositPage />, { user: FAKE_USER });
    await fillAmount('500');
    submit();
    // The request retries itself twice (same variables, same key), then gives up.
    await act(() => vi.advanceTimersByTimeAsync(2500));
    await waitFor(() =>
      expect(toasts).toContainEqual({
        kind: 'error',
        title: 'Deposit Failed',
        description: 'Deposit failed: There was an error processing your deposit. Please try again.',
      }),
    );
    expect(deposits(calls)).toHaveLength(3);
    // An unknown outcome is reported; a refusal (below) is not.
    expect(reports).toEqual([{ error: expect.any(TypeError), context: { action: 'deposit' } }]);
    // The player taps again: the same submission, so the same key.
    lose = false;
    submit();
    await waitFor(() => expect(toasts.some((t) => t.kind === 'success')).toBe(true));
    const keys = deposits(calls).map((c) => c.headers[IDEMPOTENCY_HEADER]);
    expect(new Set(keys).size).toBe(1);
    // A new deposit after an answer is a new submission.
    await fillAmount('500');
    submit();
    await waitFor(() => expect(deposits(calls)).toHaveLength(5));
    expect(deposits(calls)[4]?.headers[IDEMPOTENCY_HEADER]).not.toBe(keys[0]);
  });

  it("shows the server's words for a refusal, and the generic failure text when there are none", async () => {
    const refusal = {
      status: 403,
      body: { error: 'Mobile money is not available', code: 'FEATURE_DISABLED' },
    };
    const wordless = {
      status: 403,
      body: {},
      unchecked: 'an error without words, which the API never sends',
    };
    let answer: typeof refusal | typeof wordless = refusal;
    stubApi({ 'GET /wallet/balance': { body: balances(0, 0) }, 'POST /wallet/deposit': () => answer });
    const { toasts, reports } = renderRemote(<DepositPage />, { user: FAKE_USER });
    await fillAmount('1500');
    submit();
    await waitFor(() =>
      expect(toasts).toEqual([
        { kind: 'error', title: 'Deposit Failed', description: 'Mobile money is not available' },
      ]),
    );
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('1500');
    expect(reports).toEqual([]);
    answer = wordless;
    submit();
    await waitFor(() =>
      expect(toasts[1]).toEqual({
        kind: 'error',
        title: 'Deposit Failed',
        description: 'Deposit failed: There was an error processing your deposit. Please try again.',
      }),
    );
  });

  it('says what is wrong with a typed amount as it is typed, and sends nothing until it is right', async () => {
    const calls = stubApi({
      'GET /wallet/balance': { body: balances(0, 0) },
      'POST /wallet/deposit': { body: { transaction_id: 'tx1', status: 'pending' } },
    });
    const { toasts } = renderRemote(<DepositPage />, { user: FAKE_USER });
    for (const [typed, says] of [
      ['-5', 'Enter an amount above 0'],
      ['0', 'Enter an amount above 0'],
      ['1.5', 'Mobile money takes whole shillings: leave out the cents'],
      ['99,999,999', 'Enter the amount in digits, e.g. 500'],
      ['150001', 'The most you can deposit at once is KSh 150,000'],
    ] as const) {
      await fillAmount(typed);
      const input = screen.getByLabelText('Amount') as HTMLInputElement;
      expect(input.value).toBe(typed);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByText(says)).toBeTruthy();
      submit();
    }
    expect(deposits(calls)).toEqual([]);
    expect(toasts).toEqual([]);
    await fillAmount('150000');
    expect(screen.getByLabelText('Amount').getAttribute('aria-invalid')).toBeNull();
  });

  it('announces a deposit refused at once (status failed) 2 s later, and never as being processed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi({
      'GET /wallet/balance': { body: balances(0, 0) },
      'POST /wallet/deposit': { body: { transaction_id: 'tx9', status: 'failed' } },
    });
    const { toasts } = renderRemote(<DepositPage />, { user: FAKE_USER });
    await fillAmount('100');
    submit();
    // The card says Failed at once; no "being processed" toast for a refused request.
    expect(await screen.findByText('Failed')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(toasts).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(toasts).toEqual([
      {
        kind: 'error',
        title: 'Deposit Failed',
        description: 'Your deposit could not be processed. Please try again.',
      },
    ]);
    // Nothing to follow: it is settled already.
    expect(calls.some((c) => c.path.startsWith('/wallet/transactions/'))).toBe(false);
  });

  it('follows a pending deposit until it completes, then refreshes the balance and says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    let balance = balances(0, 0);
    const calls = stubApi({
      'GET /wallet/balance': () => ({ body: balance }),
      'POST /wallet/deposit': { body: { transaction_id: 'tx1', status: 'pending' } },
      'GET /wallet/transactions/tx1': () => {
        reads += 1;
        const status = reads < 2 ? 'pending' : 'completed';
        // 5% excise deducted: 475 of the 500 reaches the wallet.
        return {
          body: { transaction: tx('tx1', { status, tax_kind: 'excise', tax_amount: 25, net_amount: 475 }) },
        };
      },
    });
    const { toasts } = renderRemote(<DepositPage />, { user: FAKE_USER });
    await fillAmount('500');
    submit();
    const card = await screen.findByRole('region', { name: 'Your last request' });
    expect(within(card).getByText('Deposit of KSh 500.00')).toBeTruthy();
    expect(within(card).getByText('Pending')).toBeTruthy();
    expect(within(card).getByRole('status').textContent).toContain(
      'Waiting for you to confirm the prompt on your phone...',
    );
    balance = balances(475, 0);
    await act(() => vi.advanceTimersByTimeAsync(2100));
    await waitFor(() => expect(within(card).getByText('Completed')).toBeTruthy());
    expect(within(card).getByRole('status').textContent).toBe('The money is in your balance.');
    expect(toasts).toContainEqual({
      kind: 'success',
      title: 'Deposit Completed',
      description: 'KSh 475.00 has been added to your balance.',
    });
    expect(await screen.findByText('KSh 475.00', { selector: 'p' })).toBeTruthy();
    // Settled: no more reads.
    const settledReads = reads;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(reads).toBe(settledReads);
    expect(calls.filter((c) => c.path === '/wallet/transactions/tx1').length).toBe(settledReads);
  });

  it('shows a pending deposit that fails later, with the reason', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    stubApi({
      'GET /wallet/balance': { body: balances(0, 0) },
      'POST /wallet/deposit': { body: { transaction_id: 'tx1', status: 'pending' } },
      'GET /wallet/transactions/tx1': () => {
        reads += 1;
        return reads < 2
          ? { body: { transaction: tx('tx1', { status: 'pending' }) } }
          : {
              body: {
                transaction: tx('tx1', { status: 'failed', failure_reason: 'Request cancelled by user' }),
              },
            };
      },
    });
    const { toasts } = renderRemote(<DepositPage />, { user: FAKE_USER });
    await fillAmount('500');
    submit();
    const card = await screen.findByRole('region', { name: 'Your last request' });
    await act(() => vi.advanceTimersByTimeAsync(2100));
    await waitFor(() => expect(within(card).getByText('Failed')).toBeTruthy());
    expect(within(card).getByRole('status').textContent).toBe(
      'The deposit did not go through. (Request cancelled by user)',
    );
    expect(toasts).toContainEqual({
      kind: 'error',
      title: 'Deposit Failed',
      description: 'Your deposit could not be processed. Please try again.',
    });
  });

  it('says when the balance cannot be read, and reads it again on request', async () => {
    let ok = false;
    stubApi({
      'GET /wallet/balance': () =>
        ok ? { body: balances(20, 0) } : { status: 500, body: { error: 'boom' } },
    });
    renderRemote(<DepositPage />, { user: FAKE_USER });
    expect(await screen.findByText('Your balance could not be loaded.')).toBeTruthy();
    ok = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('KSh 20.00')).toBeTruthy();
  });
});

/** The text as read: the amounts keep their symbol and digits together with a no-break space. */
const shown = (el: HTMLElement) => el.textContent?.replaceAll('\u00A0', ' ');

describe('DepositPage tax preview', () => {
  const preview = (over: Partial<TaxPreviewResponse> = {}): TaxPreviewResponse => ({
    type: 'deposit',
    amount: 1000,
    currency: 'KES',
    tax_kind: 'excise',
    tax_rate_bp: 500,
    tax_mode: 'deduct',
    tax_amount: 50,
    net_amount: 950,
    ...over,
  });
  const previews = (calls: ReturnType<typeof stubApi>) =>
    calls.filter((c) => c.path.startsWith('/wallet/tax-preview')).map((c) => c.path);

  it('says what reaches the wallet once a valid amount is typed, asking once the typing pauses', async () => {
    const calls = stubApi({
      'GET /wallet/balance': { body: balances(0, 0) },
      'GET /wallet/tax-preview': { body: preview() },
    });
    renderRemote(<DepositPage />, { user: FAKE_USER });
    await fillAmount('1');
    await fillAmount('10');
    await fillAmount('1000');
    const status = screen.getByTestId('tax-preview');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(shown(status)).toBe('Working out the tax...');
    await waitFor(() =>
      expect(shown(status)).toBe('KSh 1,000.00 deposited, excise duty KSh 50.00, KSh 950.00 to your wallet'),
    );
    expect(previews(calls)).toEqual(['/wallet/tax-preview?type=deposit&amount=1000']);
    await fillAmount('');
    expect(shown(status)).toBe('');
  });

  it('shows no deduction when the operator absorbs the duty, and nothing extra at a rate of 0', async () => {
    let answer = preview({ tax_mode: 'absorb', net_amount: 1000 });
    stubApi({
      'GET /wallet/balance': { body: balances(0, 0) },
      'GET /wallet/tax-preview': () => ({ body: answer }),
    });
    renderRemote(<DepositPage />, { user: FAKE_USER });
    await fillAmount('1000');
    const status = screen.getByTestId('tax-preview');
    await waitFor(() => expect(shown(status)).toBe('KSh 1,000.00 deposited, KSh 1,000.00 to your wallet'));
    answer = preview({ amount: 500, tax_rate_bp: 0, tax_mode: 'deduct', tax_amount: 0, net_amount: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'KSh 500' }));
    await waitFor(() => expect(shown(status)).toBe(''));
  });

  it('says when the tax cannot be shown, and still deposits', async () => {
    const calls = stubApi({
      'GET /wallet/balance': { body: balances(0, 0) },
      'GET /wallet/tax-preview': { status: 500, body: { error: 'boom' } },
      'POST /wallet/deposit': { body: { transaction_id: 'tx1', status: 'pending' } },
      'GET /wallet/transactions/tx1': { body: { transaction: tx('tx1', { status: 'pending' }) } },
    });
    const { toasts } = renderRemote(<DepositPage />, { user: FAKE_USER });
    await fillAmount('1000');
    const status = screen.getByTestId('tax-preview');
    await waitFor(() => expect(shown(status)).toBe('The tax could not be shown. You can still continue.'));
    submit();
    await waitFor(() => expect(deposits(calls)).toHaveLength(1));
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Deposit Initiated'));
  });

  it('speaks Kiswahili', async () => {
    stubApi({
      'GET /wallet/balance': { body: balances(0, 0) },
      'GET /wallet/tax-preview': { body: preview() },
    });
    await i18n.changeLanguage('sw');
    try {
      renderRemote(<DepositPage />, { user: FAKE_USER });
      fireEvent.change(await screen.findByLabelText('Kiasi'), { target: { value: '1000' } });
      await waitFor(() =>
        expect(shown(screen.getByTestId('tax-preview'))).toBe(
          'KSh 1,000.00 zimewekwa, ushuru wa bidhaa KSh 50.00, KSh 950.00 zinaingia kwenye pochi yako',
        ),
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
