import { renderRemote, stubApi } from '@mchezo/host/render-remote';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import HomePage from './home-page.tsx';

const game = (id: string, category: string) => ({
  game_id: id,
  name: `Game ${id}`,
  thumbnail_url: `/api/v1/casino/thumbnails/${id}.svg`,
  category,
});

describe('HomePage', () => {
  it('groups games by category in lobby order and hides empty groups', async () => {
    stubApi({ 'GET /casino/games': { body: { games: [game('s2', 'spin'), game('a1', 'slots'), game('l1', 'live_sports')] } } });
    renderRemote(<HomePage />);
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['Slots', 'Spin', 'Sport']);
    expect(screen.getByRole('link', { name: /Game a1/ }).getAttribute('href')).toBe('/game/Game%20a1?gameId=a1');
  });

  it('shows one category on its tab, and says so when it is empty', async () => {
    stubApi({ 'GET /casino/games': { body: { games: [game('a1', 'slots')] } } });
    renderRemote(<HomePage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Spin' }));
    expect(await screen.findByText('No games in this category yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Slots' }));
    expect(screen.getByRole('link', { name: /Game a1/ })).toBeTruthy();
  });

  it('offers a retry when the games cannot be loaded', async () => {
    stubApi({ 'GET /casino/games': { status: 500, body: { error: 'boom' } } });
    renderRemote(<HomePage />);
    expect(await screen.findByText('Games could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
