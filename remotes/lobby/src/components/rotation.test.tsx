import { renderRemote } from '@mchezo/host/render-remote';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LATEST_WINNERS, TICKER_WINS } from '../data/static-lobby-content.ts';
import LatestWinners from './latest-winners.tsx';
import { PromoBanner } from './promo-banner.tsx';
import { WinTicker } from './win-ticker.tsx';

// Only the intervals are fake: the strings still load through real promises and timeouts.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function reduceMotion() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)',
    addEventListener() {},
    removeEventListener() {},
  }));
}

describe('PromoBanner', () => {
  const current = () =>
    screen.getAllByRole('group', { hidden: true }).find((g) => g.getAttribute('aria-hidden') === 'false');

  it('renders the first image sized and high priority, and the next ones lazily, one ahead', async () => {
    const { container } = renderRemote(<PromoBanner />);
    const imgs = () => [...container.querySelectorAll('img')];
    const first = imgs()[0]!;
    expect(first.getAttribute('width')).toBe('720');
    expect(first.getAttribute('height')).toBe('300');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(first.getAttribute('loading')).toBe('eager');
    await screen.findByText('Top up in seconds');
    // The second waits for the first to load (happy-dom reports the load at once); the third
    // waits until the second is shown.
    fireEvent.load(first);
    expect(imgs().map((i) => i.getAttribute('loading'))).toEqual(['eager', 'lazy']);
    advance(5_000);
    expect(imgs().map((i) => i.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
  });

  it('moves to the next promo every 5 s and wraps around', async () => {
    renderRemote(<PromoBanner />);
    await screen.findByText('Top up in seconds');
    expect(current()?.getAttribute('aria-label')).toBe('1 of 3');
    advance(4_999);
    expect(current()?.getAttribute('aria-label')).toBe('1 of 3');
    advance(1);
    expect(current()?.getAttribute('aria-label')).toBe('2 of 3');
    expect(within(current()!).getByText('Spin to win')).toBeTruthy();
    advance(10_000);
    expect(current()?.getAttribute('aria-label')).toBe('1 of 3');
  });

  it('stops and restarts with its button, and a dot shows a chosen promo', async () => {
    renderRemote(<PromoBanner />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pause promotions' }));
    advance(20_000);
    expect(current()?.getAttribute('aria-label')).toBe('1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Show promotion 3' }));
    expect(current()?.getAttribute('aria-label')).toBe('3 of 3');
    expect(screen.getByRole('button', { name: 'Show promotion 3' }).getAttribute('aria-current')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Play promotions' }));
    advance(5_000);
    expect(current()?.getAttribute('aria-label')).toBe('1 of 3');
  });

  it('does not rotate on its own when the player asked for reduced motion', async () => {
    reduceMotion();
    renderRemote(<PromoBanner />);
    expect(await screen.findByRole('button', { name: 'Play promotions' })).toBeTruthy();
    advance(20_000);
    expect(current()?.getAttribute('aria-label')).toBe('1 of 3');
  });
});

describe('WinTicker', () => {
  it('shows the next win every 2 s, each with the fade, masked and in KSh', async () => {
    renderRemote(<WinTicker />);
    const first = await screen.findByText('2547****421 just won KSh 3,500.00 on Mega Wheel');
    expect(first.className).toContain('lobby-fade-in');
    advance(2_000);
    expect(screen.getByText('2541****860 just won KSh 1,200.00 on Fruit Fiesta')).toBeTruthy();
    advance(2_000 * (TICKER_WINS.length - 1));
    expect(screen.getByText(/^2547\*\*\*\*421 just won/)).toBeTruthy();
  });

  it('stops with its button', async () => {
    renderRemote(<WinTicker />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pause recent wins' }));
    advance(6_000);
    expect(screen.getByText(/^2547\*\*\*\*421 just won/)).toBeTruthy();
  });
});

describe('LatestWinners', () => {
  const rows = () => screen.getAllByRole('listitem').map((li) => li.textContent);

  it('lists the 5 static winners with masked numbers and moves one place every 3 s', async () => {
    renderRemote(<LatestWinners />);
    expect(await screen.findByRole('heading', { name: 'Latest Winner' })).toBeTruthy();
    expect(rows()).toHaveLength(5);
    for (const row of rows()) expect(row).toMatch(/^254\d\*{4}\d{3}\S.*KSh [\d,]+\.\d\d$/);
    expect(rows()[0]).toBe('2547****678Safari GoldKSh 12,500.00');
    advance(3_000);
    expect(rows()[0]).toBe('2541****204Wheel of JamboKSh 4,800.00');
    expect(rows()[4]).toBe('2547****678Safari GoldKSh 12,500.00');
    advance(3_000 * (LATEST_WINNERS.length - 1));
    expect(rows()[0]).toBe('2547****678Safari GoldKSh 12,500.00');
  });

  it('follows a language switch while it is on screen', async () => {
    const { i18n } = await import('@mchezo/i18n/instance');
    renderRemote(<LatestWinners />);
    expect(await screen.findByRole('heading', { name: 'Latest Winner' })).toBeTruthy();
    try {
      await act(() => i18n.changeLanguage('sw'));
      expect(await screen.findByRole('heading', { name: 'Mshindi wa Hivi Punde' })).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
    expect(await screen.findByRole('heading', { name: 'Latest Winner' })).toBeTruthy();
  });

  it('shows the amounts in the reader language', async () => {
    localStorage.setItem('language', 'fr');
    const { i18n } = await import('@mchezo/i18n/instance');
    await act(() => i18n.changeLanguage('fr'));
    try {
      renderRemote(<LatestWinners />);
      expect(await screen.findByRole('heading', { name: 'Dernier gagnant' })).toBeTruthy();
      expect(rows()[0]).toMatch(/KSh 12\s500,00$/);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
