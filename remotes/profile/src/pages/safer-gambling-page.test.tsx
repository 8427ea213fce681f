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
    expect(screen.getByRole('radio', { name: 'Miezi 6' })).toBeTruthy();
  });
});
