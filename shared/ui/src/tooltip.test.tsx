import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip } from './tooltip.tsx';

beforeEach(() => {
  vi.useFakeTimers();
  // Well past any tooltip an earlier test closed (the skip delay is module state).
  vi.advanceTimersByTime(10_000);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderTwo() {
  render(
    <>
      <Tooltip label="First tip">
        <button type="button">one</button>
      </Tooltip>
      <Tooltip label="Second tip">
        <button type="button">two</button>
      </Tooltip>
    </>,
  );
  return {
    one: screen.getByRole('button', { name: 'one' }),
    two: screen.getByRole('button', { name: 'two' }),
  };
}

describe('Tooltip', () => {
  it('opens 700 ms after hover or focus and describes its trigger', () => {
    const { one } = renderTwo();
    fireEvent.pointerEnter(one);
    act(() => vi.advanceTimersByTime(699));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip').textContent).toBe('First tip');
    expect(one.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
  });

  it('opens at once when another closed less than 300 ms ago, not later', () => {
    const { one, two } = renderTwo();
    fireEvent.focus(one);
    act(() => vi.advanceTimersByTime(700));
    fireEvent.blur(one);
    act(() => vi.advanceTimersByTime(200));
    fireEvent.focus(two);
    expect(screen.getByRole('tooltip').textContent).toBe('Second tip');
    fireEvent.blur(two);
    act(() => vi.advanceTimersByTime(400));
    fireEvent.focus(one);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('closes on Escape and on leaving before it opened', () => {
    const { one } = renderTwo();
    fireEvent.pointerEnter(one);
    fireEvent.pointerLeave(one);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.focus(one);
    act(() => vi.advanceTimersByTime(700));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
