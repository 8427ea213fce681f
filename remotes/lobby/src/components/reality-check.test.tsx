import { renderRemote, stubApi } from '@mchezo/host/render-remote';
import { FAKE_USER } from '@mchezo/host/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import GamePage from '../pages/game-page.tsx';

const LINK = 'http://localhost/api/v1/games/demo/play?launch=abc';
const settings = (minutes: 15 | 30 | 60 | null) => ({
  body: {
    deposit_limits: (['day', 'week', 'month'] as const).map((period) => ({
      period,
      amount: null,
      pending: null,
    })),
    loss_limits: (['day', 'week', 'month'] as const).map((period) => ({
      period,
      amount: null,
      pending: null,
    })),
    stake_limit: { amount: null, pending: null },
    restriction: null,
    reality_check_minutes: minutes,
  },
});
const STATEMENT = {
  body: {
    from: '2026-11-24T10:00:00.000Z',
    to: '2026-11-24T10:15:00.000Z',
    currency: 'KES',
    deposits: 0,
    withdrawals: 0,
    stakes: 120,
    wins: 50,
    taxes: 0,
    net_result: -70,
  },
};
const open = () =>
  renderRemote(<GamePage />, {
    url: '/game/Safari%20Gold?gameId=safari-gold',
    route: '/game/:title',
    user: FAKE_USER,
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('GamePage: the reality check', () => {
  it('after the interval shows time played and the result; Keep playing starts it again, Stop goes home', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi({
      'POST /casino/game/link': { body: { game_link: LINK } },
      'GET /safer-gambling': settings(15),
      'GET /safer-gambling/statement': STATEMENT,
    });
    const { queryClient } = open();
    await screen.findByTitle('Safari Gold game');
    // The interval starts once the player's setting has arrived.
    await waitFor(() => expect(queryClient.getQueryState(['safer-gambling'])?.status).toBe('success'));
    await act(() => vi.advanceTimersByTimeAsync(14 * 60_000));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reality check' });
    expect(dialog.textContent).toContain('You have been playing for 15 min.');
    expect(await within(dialog).findByText('KSh -70.00')).toBeTruthy();
    expect(within(dialog).getByText('KSh 120.00')).toBeTruthy();
    const keep = within(dialog).getByRole('button', { name: 'Keep playing' });
    expect(document.activeElement).toBe(keep);
    const statement = calls.find((c) => c.path.startsWith('/safer-gambling/statement'));
    expect(statement?.path).toMatch(/^\/safer-gambling\/statement\?from=\d{4}-\d\d-\d\dT/);

    fireEvent.click(keep);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(15 * 60_000));
    const again = await screen.findByRole('alertdialog');
    expect(again.textContent).toContain('You have been playing for 30 min.');
    fireEvent.click(within(again).getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });

  it('never interrupts when the player turned it off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({
      'POST /casino/game/link': { body: { game_link: LINK } },
      'GET /safer-gambling': settings(null),
    });
    open();
    await screen.findByTitle('Safari Gold game');
    await act(() => vi.advanceTimersByTimeAsync(120 * 60_000));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says when a time-out ends instead of opening the game', async () => {
    stubApi({
      'POST /casino/game/link': {
        status: 403,
        body: { error: 'You are taking a time-out', code: 'TIMED_OUT', until: '2026-11-25T09:00:00.000Z' },
      },
    });
    open();
    expect(
      await screen.findByText(
        'You are taking a time-out until November 25, 2026 at 12:00 PM (Kenya time). Games are closed until then.',
      ),
    ).toBeTruthy();
    expect(screen.queryByTitle('Safari Gold game')).toBeNull();
  });
});
