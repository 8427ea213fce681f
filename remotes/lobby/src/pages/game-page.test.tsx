import { renderRemote, stubApi } from '@mchezo/host/render-remote';
import { FAKE_USER } from '@mchezo/host/testing';
import { i18n } from '@mchezo/i18n/instance';
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
  loss_limits: (['day', 'week', 'month'] as const).map((period) => ({
    period,
    amount: null,
    pending: null,
  })),
  stake_limit: { amount: null, pending: null },
  restriction: null,
  reality_check_minutes: minutes,
});
/** The calls for the game link (the page reads the player's identity alongside). */
const linkCalls = (calls: ReturnType<typeof stubApi>) => calls.filter((c) => c.path.startsWith('/casino'));

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
    // The reality-check interval is asked once the game is open.
    await waitFor(() => expect(calls.filter((c) => c.path === '/safer-gambling')).toHaveLength(1));
    expect(linkCalls(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/casino/game/link',
        body: { game_id: 'safari-gold', language: 'en' },
      }),
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
    expect(linkCalls(calls)).toHaveLength(1);
    fireEvent.click(back);
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });

  it('fails at once without a game id', async () => {
    const calls = stubApi({});
    renderRemote(<GamePage />, { url: '/game/Lucky', route: '/game/:title', user: FAKE_USER });
    expect(await screen.findByText('Failed to load Lucky. Please try again later.')).toBeTruthy();
    expect(linkCalls(calls)).toHaveLength(0);
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

describe('GamePage: play needs a confirmed identity', () => {
  it('says what to do, with a link to the profile card, when the identity is not confirmed', async () => {
    stubApi({
      'GET /identity': { body: { status: 'none' } },
      'POST /casino/game/link': {
        status: 403,
        body: { error: 'Confirm your identity before playing', code: 'IDENTITY_REQUIRED' },
      },
    });
    open();
    expect(await screen.findByText('Confirm your identity to play')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('date of birth and ID number');
    expect(screen.getByRole('link', { name: 'Confirm my identity' }).getAttribute('href')).toBe(
      '/profile#identity',
    );
    expect(screen.getByRole('link', { name: 'Go back to games' })).toBeTruthy();
    expect(screen.queryByTitle('Safari Gold game')).toBeNull();
  });

  it("shows the same when only the link's refusal says so (identity unreadable), in Kiswahili", async () => {
    await i18n.changeLanguage('sw');
    try {
      stubApi({
        'GET /identity': { status: 500, body: { error: 'down' } },
        'POST /casino/game/link': {
          status: 403,
          body: { error: 'Confirm your identity before playing', code: 'IDENTITY_REQUIRED' },
        },
      });
      open();
      expect(await screen.findByText('Thibitisha utambulisho wako ili ucheze')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Thibitisha utambulisho wangu' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
