import { renderRemote } from '@mchezo/host/render-remote';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FeaturedCarousel } from './featured-carousel.tsx';

describe('FeaturedCarousel', () => {
  it('shows the three featured games with title, players and prize, each linking to its game', async () => {
    renderRemote(<FeaturedCarousel />);
    const region = await screen.findByRole('region', { name: 'Featured games' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    const slides = within(region).getAllByRole('group');
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(slides[0]!.textContent).toContain('Safari Gold');
    expect(slides[0]!.textContent).toContain('1,284 playing');
    expect(slides[0]!.textContent).toContain('PrizeKSh 500,000.00');
    expect(within(slides[1]!).getByRole('link', { name: 'Play Wheel of Jambo' }).getAttribute('href')).toBe(
      '/game/Wheel%20of%20Jambo?gameId=wheel-of-jambo',
    );
  });

  it('loops with the previous and next buttons and announces where it is', async () => {
    renderRemote(<FeaturedCarousel />);
    const next = await screen.findByRole('button', { name: 'Next game' });
    const status = () => document.querySelector('[aria-live="polite"]')?.textContent;
    expect(status()).toBe('');
    fireEvent.click(next);
    expect(status()).toBe('Wheel of Jambo, 2 of 3');
    fireEvent.click(next);
    fireEvent.click(next);
    expect(status()).toBe('Safari Gold, 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous game' }));
    expect(status()).toBe('Virtual Football, 3 of 3');
  });
});
