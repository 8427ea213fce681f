import type { Game, GameCategory } from '@mchezo/contracts/casino';
import { DEFAULT_APP_CONFIG } from '@mchezo/contracts/config-defaults';
import { fixture } from '@mchezo/contracts/testing';
import { type RenderRemoteOptions, renderRemote, stubApi } from '@mchezo/host/render-remote';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { gamesQuery } from '../api/games.ts';
import { GAMES_CACHE_KEY } from '../api/games-cache.ts';
import HomePage from './home-page.tsx';

const game = (id: string, category: GameCategory): Game => ({
  game_id: id,
  name: `Game ${id}`,
  thumbnail_url: `/api/v1/casino/thumbnails/${id}.svg`,
  category,
});

const panel = () => screen.getByRole('tabpanel');

describe('HomePage lobby', () => {
  it('groups games by category in lobby order and hides empty groups', async () => {
    stubApi({
      'GET /casino/games': {
        body: {
          games: [game('s2', 'spin'), game('a1', 'slots'), game('l1', 'live_sports'), game('a2', 'slots')],
        },
      },
    });
    renderRemote(<HomePage />);
    await screen.findByRole('link', { name: /Game a1/ });
    const headings = within(panel()).getAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['Slots', 'Spin', 'Sport']);
    const slots = within(panel()).getByRole('region', { name: 'Slots' });
    expect(
      within(slots)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Game a1', 'Game a2']);
    expect(screen.getByRole('link', { name: /Game a1/ }).getAttribute('href')).toBe(
      '/game/Game%20a1?gameId=a1',
    );
  });

  it('shows the five tabs with players counts, and one category per tab', async () => {
    stubApi({ 'GET /casino/games': { body: { games: [game('a1', 'slots'), game('v1', 'sports')] } } });
    renderRemote(<HomePage />);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'All9,231 players',
      'Slots3,912 players',
      'Spin1,475 players',
      'Live2,638 players',
      'Sport1,206 players',
    ]);
    await screen.findByRole('link', { name: /Game a1/ });

    fireEvent.click(screen.getByRole('tab', { name: /^Live/ }));
    expect(screen.getByRole('tab', { name: /^Live/ }).getAttribute('aria-selected')).toBe('true');
    expect(
      within(panel())
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Game v1']);
    expect(within(panel()).queryByRole('heading')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: /^Spin/ }));
    expect(within(panel()).getByText('No games in this category yet.')).toBeTruthy();
  });

  it('moves between tabs with the arrow, Home and End keys', async () => {
    stubApi({ 'GET /casino/games': { body: { games: [game('a1', 'slots')] } } });
    renderRemote(<HomePage />);
    const all = await screen.findByRole('tab', { name: /^All/ });
    expect(all.tabIndex).toBe(0);
    all.focus();
    fireEvent.keyDown(all, { key: 'ArrowRight' });
    const slots = screen.getByRole('tab', { name: /^Slots/ });
    expect(slots.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(slots);
    expect(all.tabIndex).toBe(-1);
    fireEvent.keyDown(slots, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /^Sport/ }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(all);
    fireEvent.keyDown(all, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: /^Sport/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows the loading state, then an error with a retry that works', async () => {
    let fail = true;
    stubApi({
      'GET /casino/games': () =>
        fail ? { status: 500, body: { error: 'boom' } } : { body: { games: [game('a1', 'slots')] } },
    });
    renderRemote(<HomePage />);
    expect(await screen.findByText('Loading games...')).toBeTruthy();
    expect(await screen.findByText('Games could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Game a1/ })).toBeTruthy();
  });
});

describe('HomePage games cache', () => {
  const store = (games: unknown[], savedAt: number) =>
    localStorage.setItem(GAMES_CACHE_KEY, JSON.stringify({ v: 1, savedAt, games }));

  it('shows a recent cached list at once, then refreshes it in the background and stores the new one', async () => {
    store([game('cached', 'slots')], Date.now() - 60_000);
    let answer!: (v: { body: unknown }) => void;
    // A network that answers only when the test says so.
    const calls: string[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      calls.push(String(input));
      const { body } = await new Promise<{ body: unknown }>((resolve) => {
        answer = resolve;
      });
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }) as typeof fetch;

    renderRemote(<HomePage />);
    // On screen before the network has answered.
    expect(await screen.findByRole('link', { name: /Game cached/ })).toBeTruthy();
    expect(screen.queryByText('Loading games...')).toBeNull();
    await waitFor(() => expect(calls).toEqual(['/api/v1/casino/games']));

    const answeredFrom = Date.now();
    await act(async () => answer({ body: fixture('GET /casino/games', { games: [game('fresh', 'spin')] }) }));
    expect(await screen.findByRole('link', { name: /Game fresh/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Game cached/ })).toBeNull();
    const saved = JSON.parse(localStorage.getItem(GAMES_CACHE_KEY)!);
    expect(saved.games.map((g: { game_id: string }) => g.game_id)).toEqual(['fresh']);
    // Stamped when the fresh list arrived, not carried over from the cached entry.
    expect(saved.savedAt).toBeGreaterThanOrEqual(answeredFrom);
  });

  it('keeps the cached list on screen when the background refresh fails', async () => {
    store([game('cached', 'slots')], Date.now() - 60_000);
    const calls = stubApi({ 'GET /casino/games': { status: 503, body: { error: 'down' } } });
    const { queryClient } = renderRemote(<HomePage />);
    expect(await screen.findByRole('link', { name: /Game cached/ })).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(1));
    // The refresh has failed and the query holds the error...
    await waitFor(() => expect(queryClient.getQueryState(gamesQuery.queryKey)?.errorUpdateCount).toBe(1));
    // ...and the page has been told: TanStack Query hands updates to components in a
    // setTimeout(0) batch, queued before this one.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole('link', { name: /Game cached/ })).toBeTruthy();
    expect(screen.queryByText('Games could not be loaded.')).toBeNull();
  });

  it.each([
    ['expired (over 5 minutes old)', () => store([game('cached', 'slots')], Date.now() - 5 * 60_000 - 1)],
    ['malformed JSON', () => localStorage.setItem(GAMES_CACHE_KEY, '{"v":1,"savedAt":')],
    ['not a games list', () => store([{ game_id: 'cached', name: 'Game cached' }], Date.now())],
  ])('ignores an entry that is %s and loads from the network', async (_, seed) => {
    seed();
    stubApi({ 'GET /casino/games': { body: { games: [game('net', 'slots')] } } });
    renderRemote(<HomePage />);
    expect(await screen.findByText('Loading games...')).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Game net/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Game cached/ })).toBeNull();
  });
});

describe('HomePage Latest Winner', () => {
  it('comes in below the games once they are loaded and it is near the screen', async () => {
    const observed: Element[] = [];
    let report: (entries: { isIntersecting: boolean }[]) => void = () => {};
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe(el: Element) {
          observed.push(el);
        }
        disconnect() {}
      },
    );
    stubApi({ 'GET /casino/games': { body: { games: [game('a1', 'slots')] } } });
    renderRemote(<HomePage />);
    await screen.findByRole('link', { name: /Game a1/ });
    await waitFor(() => expect(observed).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Latest Winner' })).toBeNull();
    act(() => report([{ isIntersecting: true }]));
    expect(await screen.findByRole('heading', { name: 'Latest Winner' })).toBeTruthy();
    const order = [...document.querySelectorAll('h2')].map((h) => h.textContent);
    expect(order.indexOf('Latest Winner')).toBeGreaterThan(order.indexOf('Slots'));
  });
});

describe('HomePage promos', () => {
  const slides = () => screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'));
  const titles = () => Array.from(document.querySelectorAll('section p.text-lg')).map((p) => p.textContent);

  it('shows the deposit promo while the wallet is on', async () => {
    stubApi({ 'GET /casino/games': { body: { games: [] } } });
    renderRemote(<HomePage />);
    await waitFor(() => expect(slides().length).toBeGreaterThan(0));
    expect(titles()[0]).toMatch(/top up/i);
  });

  it('hides the deposit promo while the release manifest has the wallet switched off, or its flag is off', async () => {
    const cases: RenderRemoteOptions[] = [
      { switchedOff: ['wallet'] },
      { config: { features: { ...DEFAULT_APP_CONFIG.features, wallet_enabled: false } } },
    ];
    for (const options of cases) {
      stubApi({ 'GET /casino/games': { body: { games: [] } } });
      const { unmount } = renderRemote(<HomePage />, options);
      await waitFor(() => expect(titles().length).toBeGreaterThan(0));
      expect(titles().some((t) => /top up/i.test(t ?? ''))).toBe(false);
      expect(screen.getAllByRole('button', { name: /^Show promotion/ })).toHaveLength(2);
      unmount();
    }
  });
});
