import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isCoolingDown, markCodeSent, useResendCooldown } from './resend-cooldown.ts';

const PHONE = '+254712345678';

describe('useResendCooldown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down 60 s from start, then lets the player resend', () => {
    const { result } = renderHook(() => useResendCooldown('verify', PHONE));
    expect(result.current.secondsLeft).toBe(0);
    act(() => result.current.start());
    expect(result.current.secondsLeft).toBe(60);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(59);
    act(() => vi.advanceTimersByTime(59_000));
    expect(result.current.secondsLeft).toBe(0);
  });

  it('resets at once (a failed request)', () => {
    const { result } = renderHook(() => useResendCooldown('verify', PHONE));
    act(() => result.current.start());
    act(() => result.current.reset());
    expect(result.current.secondsLeft).toBe(0);
    expect(isCoolingDown('verify', PHONE)).toBe(false);
  });

  it('picks up a code sent on the previous screen, per purpose and phone', () => {
    markCodeSent('verify', PHONE);
    vi.advanceTimersByTime(15_000);
    expect(renderHook(() => useResendCooldown('verify', PHONE)).result.current.secondsLeft).toBe(45);
    expect(renderHook(() => useResendCooldown('reset', PHONE)).result.current.secondsLeft).toBe(0);
    expect(renderHook(() => useResendCooldown('verify', '+254700000000')).result.current.secondsLeft).toBe(0);
  });

  it('has nothing to count without a phone', () => {
    const { result } = renderHook(() => useResendCooldown('verify', null));
    act(() => result.current.start());
    expect(result.current.secondsLeft).toBe(0);
  });
});
