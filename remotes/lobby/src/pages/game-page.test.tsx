import { renderRemote, stubApi } from '@mchezo/host/render-remote';
import { FAKE_USER } from '@mchezo/host/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import GamePage from './game-page.tsx';

const open = (url = '/game/Safari%20Gold?gameId=safari-gold') =>
  renderRemote(<GamePage />, { url, route: '/game/:title', user: FAKE_USER });

const LINK = 'http://localhost/api/v1/games/demo/play?launch=abc';
const SETTINGS = (minutes: 15 | 30 | 60 | null) => ({
  deposit_limits: (['day', 'week', 'month'] as const).map((period) => ({
    period,
    amount: null,
    pending: null,
  })),
  restriction: null,
  reality_check_minutes: minutes,
});

describe('GamePage', () => {
  it("says 'Loading {title}...' while the link is fetched, then opens the game in a sandboxed frame", async () => {
    let answer!: () => void;
    const gate = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const calls = stubApi({
      'POST /casino/game/link': { body: { game_link: LINK } },
      'GET /safer-gambling': { body: SETTINGS(null) },
    });
    const stubbed = globalThis.fetch;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      await gate;
      return stubbed(...args);
    }) as typeof fetch;

    open();
    // Shown, and said by the busy indicator.
    expect(await screen.findAllByText('Loading Safari Gold...')).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toBe('Loading Safari Gold...');
    answer();
    const frame = (await screen.findByTitle('Safari Gold game')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(LINK);
    const sandbox = frame.getAttribute('sandbox')!.split(' ');
    expect(sandbox).toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-same-origin');
    expect(sandbox).not.toContain('allow-top-navigation');
    expect(sandbox).not.toContain('allow-popups');
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/casino/game/link',
        body: { game_id: 'safari-gold' },
      }),
      // The reality-check interval, asked once the game is open.
      expect.objectContaining({ method: 'GET', path: '/safer-gambling' }),
    ]);
    // The loading text stays until the frame has loaded.
    fireEvent.load(frame);
    expect(screen.queryAllByText('Loading Safari Gold...')).toHaveLength(0);
  });

  it('shows the failure text and a way back when the link cannot be had, without retrying a refusal', async () => {
    const calls = stubApi({ 'POST /casino/game/link': { status: 404, body: { error: 'Game not found' } } });
    open('/game/Nope?gameId=nope');
    expect(await screen.findByText('Failed to load Nope. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('alert')).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Go back to games' });
    expect(back.getAttribute('href')).toBe('/');
    expect(calls).toHaveLength(1);
    fireEvent.click(back);
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });

  it('fails at once without a game id', async () => {
    const calls = stubApi({});
    renderRemote(<GamePage />, { url: '/game/Lucky', route: '/game/:title', user: FAKE_USER });
    expect(await screen.findByText('Failed to load Lucky. Please try again later.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('refreshes the header balance when the player leaves the game', async () => {
    stubApi({
      'POST /casino/game/link': { body: { game_link: LINK } },
      'GET /safer-gambling': { body: SETTINGS(null) },
    });
    const { queryClient } = open();
    queryClient.setQueryData(['wallet', 'balance'], {
      balances: [{ balance_type: 'main', amount: 100, currency: 'KES' }],
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Leave the game' }));
    expect(await screen.findByText('elsewhere')).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryState(['wallet', 'balance'])?.isInvalidated).toBe(true));
  });
});
