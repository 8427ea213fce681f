import { renderRemote, stubApi } from '@mchezo/host/render-remote';
import { FAKE_USER } from '@mchezo/host/testing';
import { i18n } from '@mchezo/i18n/instance';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { balances, holdFetch, tx } from '../testing/wallet-fixtures.ts';
import TransactionsPage from './transactions-page.tsx';

const listCalls = (calls: ReturnType<typeof stubApi>) =>
  calls.filter((c) => c.path.startsWith('/wallet/transactions?')).map((c) => c.path);
const cards = () => screen.getAllByRole('article');

afterEach(() => {
  vi.useRealTimers();
});

describe('TransactionsPage', () => {
  it('says it is loading, then lists cards with type, date, status, signed amount and method', async () => {
    stubApi({
      'GET /wallet/transactions': {
        body: {
          transactions: [
            tx('d1', { amount: 500, status: 'completed' }),
            tx('w1', { type: 'withdrawal', amount: 1234.5, status: 'completed' }),
            tx('d2', { amount: 100, status: 'pending' }),
          ],
          next_page_token: null,
        },
      },
    });
    const held = holdFetch();
    renderRemote(<TransactionsPage />, { user: FAKE_USER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Transactions' })).toBeTruthy();
    expect(screen.getByText('View your transaction history')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading transactions...');
    held.release();

    await waitFor(() => expect(cards()).toHaveLength(3));
    const [deposit, withdrawal, pending] = cards() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(deposit).getByRole('heading', { name: 'Deposit' })).toBeTruthy();
    expect(within(deposit).getByText('Completed')).toBeTruthy();
    expect(within(deposit).getByText('Mobile money')).toBeTruthy();
    expect(within(deposit).getByText('Mar 2, 2026', { exact: false })).toBeTruthy();
    const plus = within(deposit).getByTestId('amount');
    expect(plus.textContent).toBe('+KSh 500.00');
    expect(plus.className).toContain('text-success');
    expect(plus.className).not.toContain('opacity-50');

    expect(within(withdrawal).getByRole('heading', { name: 'Withdrawal' })).toBeTruthy();
    const minus = within(withdrawal).getByTestId('amount');
    expect(minus.textContent).toBe('-KSh 1,234.50');
    expect(minus.className).toContain('text-danger');

    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(within(pending).getByTestId('amount').className).toContain('opacity-50');

    const list = screen.getByRole('list', { name: 'Transaction history' });
    expect(list.style.maxHeight).toBe('500px');
    expect(list.className).toContain('overflow-y-auto');
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('says when there are none', async () => {
    stubApi({ 'GET /wallet/transactions': { body: { transactions: [], next_page_token: null } } });
    renderRemote(<TransactionsPage />, { user: FAKE_USER });
    expect(await screen.findByText('No transactions found')).toBeTruthy();
  });

  it('appends the next page with Load More while a token comes back, 10 a page', async () => {
    const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => tx(`t${from + i}`));
    const calls = stubApi({
      'GET /wallet/transactions': () => {
        const last = listCalls(calls).at(-1) ?? '';
        return last.includes('page_token=p2')
          ? { body: { transactions: page(10, 3), next_page_token: null } }
          : { body: { transactions: page(0, 10), next_page_token: 'p2' } };
      },
    });
    renderRemote(<TransactionsPage />, { user: FAKE_USER });
    await waitFor(() => expect(cards()).toHaveLength(10));
    expect(listCalls(calls)).toEqual(['/wallet/transactions?page_size=10']);

    const held = holdFetch();
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    const busy = (await screen.findByRole('button', { name: 'Loading...' })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    held.release();

    await waitFor(() => expect(cards()).toHaveLength(13));
    expect(listCalls(calls)[1]).toBe('/wallet/transactions?page_size=10&page_token=p2');
    expect(screen.queryByRole('button', { name: /Load More|Loading/ })).toBeNull();
  });

  it('filters on the server by tab', async () => {
    const calls = stubApi({
      'GET /wallet/transactions': () => {
        const last = listCalls(calls).at(-1) ?? '';
        const only = /type=(deposit|withdrawal)/.exec(last)?.[1];
        const all = [tx('d1'), tx('w1', { type: 'withdrawal' })];
        return { body: { transactions: all.filter((t) => !only || t.type === only), next_page_token: null } };
      },
    });
    renderRemote(<TransactionsPage />, { user: FAKE_USER });
    await waitFor(() => expect(cards()).toHaveLength(2));

    fireEvent.click(screen.getByRole('tab', { name: 'Deposits' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0]!).getByRole('heading').textContent).toBe('Deposit');
    expect(listCalls(calls).at(-1)).toBe('/wallet/transactions?page_size=10&type=deposit');

    fireEvent.keyDown(screen.getByRole('tab', { name: 'Deposits' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Withdrawals' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(within(cards()[0]!).getByRole('heading').textContent).toBe('Withdrawal'));
    expect(listCalls(calls).at(-1)).toBe('/wallet/transactions?page_size=10&type=withdrawal');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(
      screen.getByRole('tab', { name: 'Withdrawals' }).id,
    );
  });

  it('says when the list cannot be loaded, reports it, and tries again on request', async () => {
    let ok = false;
    stubApi({
      'GET /wallet/transactions': () =>
        ok
          ? { body: { transactions: [tx('d1')], next_page_token: null } }
          : { status: 500, body: { error: 'boom' } },
    });
    const { reports } = renderRemote(<TransactionsPage />, { user: FAKE_USER });
    expect(await screen.findByText('Transactions could not be loaded.')).toBeTruthy();
    expect(reports).toEqual([
      { error: expect.objectContaining({ status: 500 }), context: { action: 'transactions', filter: 'all' } },
    ]);
    ok = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('speaks Kiswahili when the player chose it', async () => {
    stubApi({
      'GET /wallet/transactions': {
        body: {
          transactions: [tx('w1', { type: 'withdrawal', amount: 1500, status: 'pending' })],
          next_page_token: null,
        },
      },
    });
    await i18n.changeLanguage('sw');
    try {
      renderRemote(<TransactionsPage />, { user: FAKE_USER });
      expect(await screen.findByRole('heading', { level: 1, name: 'Miamala' })).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Zote' })).toBeTruthy();
      const card = await screen.findByRole('article');
      expect(within(card).getByRole('heading').textContent).toBe('Kutoa Pesa');
      expect(within(card).getByText('Inasubiri')).toBeTruthy();
      expect(within(card).getByTestId('amount').textContent).toBe('-KSh 1,500.00');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('settles a pending card on screen without a reload, and refreshes the balance then', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let settled = false;
    const calls = stubApi({
      'GET /wallet/balance': { body: balances(500, 0) },
      'GET /wallet/transactions': () => ({
        body: {
          transactions: [tx('d1', { status: settled ? 'completed' : 'pending' })],
          next_page_token: null,
        },
      }),
    });
    const { queryClient } = renderRemote(<TransactionsPage />, { user: FAKE_USER });
    // The header's balance, as the shell holds it in the shared client.
    queryClient.setQueryData(['wallet', 'balance'], balances(0, 0));
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Pending')).toBeTruthy();
    expect(queryClient.getQueryState(['wallet', 'balance'])?.isInvalidated).toBe(false);

    settled = true;
    await act(() => vi.advanceTimersByTimeAsync(2100));
    await waitFor(() => expect(within(screen.getByRole('article')).getByText('Completed')).toBeTruthy());
    expect(queryClient.getQueryState(['wallet', 'balance'])?.isInvalidated).toBe(true);
    // Nothing pending: the list is not read again.
    const reads = listCalls(calls).length;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(listCalls(calls).length).toBe(reads);
  });
});

/** The text as read: the amounts keep their symbol and digits together with a no-break space. */
const shown = (el: HTMLElement) => el.textContent?.replaceAll('\u00A0', ' ');

describe('TransactionCard taxes', () => {
  it('shows the tax and what arrived when a transaction carries one, the amount staying the gross', async () => {
    stubApi({
      'GET /wallet/transactions': {
        body: {
          transactions: [
            tx('d1', {
              amount: 1000,
              tax_kind: 'excise',
              tax_amount: 50,
              tax_mode: 'deduct',
              net_amount: 950,
            }),
            tx('d3', {
              amount: 1000,
              tax_kind: 'excise',
              tax_amount: 50,
              tax_mode: 'absorb',
              net_amount: 1000,
            }),
            tx('w1', {
              type: 'withdrawal',
              amount: 1000,
              tax_kind: 'withholding',
              tax_amount: 50,
              net_amount: 950,
            }),
            tx('d2', { amount: 100 }),
          ],
          next_page_token: null,
        },
      },
    });
    renderRemote(<TransactionsPage />, { user: FAKE_USER });
    await waitFor(() => expect(cards()).toHaveLength(4));
    const [deposit, absorbed, withdrawal, untaxed] = cards() as HTMLElement[] as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(deposit).getByTestId('amount').textContent).toBe('+KSh 1,000.00');
    expect(shown(within(deposit).getByTestId('tax'))).toBe('Excise duty KSh 50.00 · KSh 950.00 to wallet');
    expect(shown(within(absorbed).getByTestId('tax'))).toBe(
      'Excise duty KSh 50.00 paid by us · KSh 1,000.00 to wallet',
    );
    expect(within(withdrawal).getByTestId('amount').textContent).toBe('-KSh 1,000.00');
    expect(shown(within(withdrawal).getByTestId('tax'))).toBe(
      'Withholding tax KSh 50.00 · KSh 950.00 to M-Pesa',
    );
    expect(within(untaxed).queryByTestId('tax')).toBeNull();
  });
});
