import type { SaferGamblingResponse } from '@mchezo/contracts/safer-gambling';
import { renderRemote, stubApi } from '@mchezo/host/render-remote';
import { FAKE_USER } from '@mchezo/host/testing';
import { i18n } from '@mchezo/i18n/instance';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import SaferGamblingPage from './safer-gambling-page.tsx';

const state = (over: Partial<SaferGamblingResponse> = {}): SaferGamblingResponse => ({
  deposit_limits: [
    { period: 'day', amount: 1000, pending: { amount: 5000, applies_at: '2026-11-25T09:00:00.000Z' } },
    { period: 'week', amount: null, pending: null },
    { period: 'month', amount: 20000, pending: null },
  ],
  loss_limits: [
    { period: 'day', amount: 500, pending: null },
    { period: 'week', amount: null, pending: null },
    { period: 'month', amount: 5000, pending: { amount: null, applies_at: '2026-11-25T09:00:00.000Z' } },
  ],
  stake_limit: { amount: null, pending: null },
  restriction: null,
  reality_check_minutes: 30,
  ...over,
});
const statement = (stakes: number, wins: number) => ({
  body: {
    from: '2026-11-23T21:00:00.000Z',
    to: '2026-11-24T21:00:00.000Z',
    currency: 'KES',
    deposits: 1000,
    withdrawals: 0,
    stakes,
    wins,
    taxes: 50,
    net_result: wins - stakes,
  },
});
const render = () => renderRemote(<SaferGamblingPage />, { url: '/safer-gambling', user: FAKE_USER });
const section = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('section') as HTMLElement;

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('SaferGamblingPage', () => {
  it('shows the limits in force, a pending raise with its date, and sends only what changed', async () => {
    const calls = stubApi({
      'GET /safer-gambling': { body: state() },
      'GET /safer-gambling/statement': statement(0, 0),
      'PUT /safer-gambling/deposit-limits': { body: state() },
    });
    const { toasts } = render();
    const limits = await section('Deposit limits');
    const day = within(limits).getByRole('textbox', { name: 'Daily limit' }) as HTMLInputElement;
    expect(day.value).toBe('1000');
    expect(limits.textContent).toContain('Now: KSh 1,000.00');
    expect(limits.textContent).toContain('Goes up to KSh 5,000.00 on November 25, 2026 at 12:00 PM');
    fireEvent.change(within(limits).getByRole('textbox', { name: 'Weekly limit' }), {
      target: { value: '3000' },
    });
    fireEvent.change(within(limits).getByRole('textbox', { name: 'Monthly limit' }), {
      target: { value: '' },
    });
    fireEvent.click(within(limits).getByRole('button', { name: 'Save limits' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ title: 'Deposit limits saved' })),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ week: 3000, month: null });
  });

  it('refuses an amount above the largest deposit before asking the server', async () => {
    const calls = stubApi({
      'GET /safer-gambling': { body: state() },
      'GET /safer-gambling/statement': statement(0, 0),
    });
    render();
    const limits = await section('Deposit limits');
    const week = within(limits).getByRole('textbox', { name: 'Weekly limit' });
    fireEvent.change(week, { target: { value: '150001' } });
    fireEvent.click(within(limits).getByRole('button', { name: 'Save limits' }));
    expect(await within(limits).findByText(/up to KSh 150,000.00/)).toBeTruthy();
    expect(week.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the loss limits in force and a pending removal; a changed one is sent to loss-limits', async () => {
    const calls = stubApi({
      'GET /safer-gambling': { body: state() },
      'GET /safer-gambling/statement': statement(0, 0),
      'PUT /safer-gambling/loss-limits': {
        body: state({
          loss_limits: [
            { period: 'day', amount: 300, pending: null },
            { period: 'week', amount: null, pending: null },
            { period: 'month', amount: 5000, pending: null },
          ],
        }),
      },
    });
    const { toasts } = render();
    const card = await section('Loss limits');
    const day = within(card).getByRole('textbox', { name: 'Daily loss limit' }) as HTMLInputElement;
    expect(day.value).toBe('500');
    expect(card.textContent).toContain('Now: KSh 500.00');
    expect(card.textContent).toContain('Removed on November 25, 2026 at 12:00 PM');
    fireEvent.change(day, { target: { value: '300' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save loss limits' }));
    expect(within(card).getByRole('button', { name: 'Saving...' })).toBeTruthy();
    expect(card.querySelector('form')?.getAttribute('aria-busy')).toBe('true');
    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ title: 'Loss limits saved' })),
    );
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/safer-gambling/loss-limits', { day: 300 }],
    ]);
    expect(day.value).toBe('300');
  });

  it('sets, raises (pending 24 h, shown) and removes the stake limit', async () => {
    let answer = state({ stake_limit: { amount: 50, pending: null } });
    const calls = stubApi({
      'GET /safer-gambling': { body: state() },
      'GET /safer-gambling/statement': statement(0, 0),
      'PUT /safer-gambling/stake-limit': () => ({ body: answer }),
    });
    const { toasts } = render();
    const card = await section('Stake limit');
    const field = within(card).getByRole('textbox', { name: 'Largest stake per bet' }) as HTMLInputElement;
    expect(field.value).toBe('');
    expect(card.textContent).toContain('No limit now');
    fireEvent.change(field, { target: { value: '50' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save stake limit' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ title: 'Stake limit saved' })),
    );
    expect(await within(card).findByText('Now: KSh 50.00')).toBeTruthy();

    answer = state({
      stake_limit: { amount: 50, pending: { amount: 200, applies_at: '2026-11-25T09:00:00.000Z' } },
    });
    fireEvent.change(field, { target: { value: '200' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save stake limit' }));
    expect(
      await within(card).findByText('Goes up to KSh 200.00 on November 25, 2026 at 12:00 PM'),
    ).toBeTruthy();
    // Until the raise applies the field shows the limit in force.
    expect(field.value).toBe('50');

    answer = state({
      stake_limit: { amount: 50, pending: { amount: null, applies_at: '2026-11-25T09:00:00.000Z' } },
    });
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save stake limit' }));
    expect(await within(card).findByText('Removed on November 25, 2026 at 12:00 PM')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { amount: 50 },
      { amount: 200 },
      { amount: null },
    ]);
  });

  it('refuses a bad stake limit before asking the server, and shows the server refusing one', async () => {
    const calls = stubApi({
      'GET /safer-gambling': { body: state() },
      'GET /safer-gambling/statement': statement(0, 0),
      'PUT /safer-gambling/stake-limit': {
        status: 400,
        body: { error: 'A limit may have at most two decimals', code: 'VALIDATION_ERROR' },
      },
    });
    const { toasts } = render();
    const card = await section('Stake limit');
    const field = within(card).getByRole('textbox', { name: 'Largest stake per bet' });
    fireEvent.change(field, { target: { value: '12.345' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save stake limit' }));
    expect(await within(card).findByText(/up to KSh 150,000.00/)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save stake limit' }));
    await waitFor(() => expect(toasts).toContainEqual(expect.objectContaining({ title: 'Not saved' })));
    expect(field.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('asks to confirm a self-exclusion, saying it cannot be undone, then shows its end', async () => {
    const excluded = state({
      restriction: {
        kind: 'self_exclusion',
        length: '6m',
        started_at: '2026-11-24T09:00:00.000Z',
        until: '2027-05-24T09:00:00.000Z',
      },
    });
    const calls = stubApi({
      'GET /safer-gambling': { body: state() },
      'GET /safer-gambling/statement': statement(0, 0),
      'POST /safer-gambling/self-exclusion': { body: excluded },
    });
    render();
    const card = await section('Self-exclusion');
    fireEvent.click(within(card).getByRole('radio', { name: '6 months' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Exclude myself' }));
    const confirm = within(card).getByRole('group', { name: 'Exclude yourself for 6 months?' });
    expect(confirm.textContent).toContain('This cannot be undone or shortened.');
    expect(document.activeElement).toBe(confirm);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, exclude me' }));
    expect(await screen.findByText('You are self-excluded')).toBeTruthy();
    expect(screen.getByText('Until May 24, 2027 at 12:00 PM (Kenya time)')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ length: '6m' });
    // A time-out cannot replace a self-exclusion: it is no longer offered.
    expect(screen.queryByRole('heading', { name: 'Take a time-out' })).toBeNull();
  });

  it('saves the reality-check interval', async () => {
    const calls = stubApi({
      'GET /safer-gambling': { body: state() },
      'GET /safer-gambling/statement': statement(0, 0),
      'PUT /safer-gambling/reality-check': { body: state({ reality_check_minutes: null }) },
    });
    render();
    const card = await section('Reality check');
    expect((within(card).getByRole('radio', { name: '30 min' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(card).getByRole('radio', { name: 'Off' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Save reminder' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ minutes: null }));
  });

  it('shows the statement per period and says when loading failed', async () => {
    let answer: ReturnType<typeof statement> | { status: number; body: { error: string } } = statement(
      200,
      50,
    );
    const calls = stubApi({
      'GET /safer-gambling': { body: state() },
      'GET /safer-gambling/statement': () => answer,
    });
    render();
    const card = await section('Your activity');
    await within(card).findByText('Net result (wins − stakes)');
    expect(card.textContent).toContain('StakesKSh 200.00');
    expect(card.textContent).toContain('Net result (wins − stakes)KSh -150.00');
    answer = { status: 400, body: { error: 'Invalid input' } };
    fireEvent.click(within(card).getByRole('button', { name: 'This week' }));
    expect(await within(card).findByText("We couldn't load your activity.")).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain('/safer-gambling/statement?period=week');
  });

  it('shows an error with a way to try again when the settings cannot be loaded', async () => {
    stubApi({
      'GET /safer-gambling': { status: 401, body: { error: 'Authentication required' } },
      'GET /safer-gambling/statement': statement(0, 0),
    });
    render();
    expect(await screen.findByText("We couldn't load your safer gambling settings.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('reads in Kiswahili', async () => {
    await act(() => i18n.changeLanguage('sw'));
    stubApi({ 'GET /safer-gambling': { body: state() }, 'GET /safer-gambling/statement': statement(0, 0) });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kamari salama' })).toBeTruthy();
    expect(await section('Vikomo vya kuweka pesa')).toBeTruthy();
    expect(await section('Vikomo vya hasara')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Dau kubwa zaidi kwa mchezo' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Miezi 6' })).toBeTruthy();
  });
});
