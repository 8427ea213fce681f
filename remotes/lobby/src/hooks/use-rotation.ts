import { useCallback, useEffect, useState } from 'react';
import { useReducedMotion } from './use-reduced-motion.ts';

interface Rotation {
  index: number;
  /** Shows item `i` (wraps around) and restarts the wait. */
  show(i: number): void;
  /** True while the player has stopped it (or asked for reduced motion and not restarted it). */
  stopped: boolean;
  toggle(): void;
  /** Pauses while the pointer or keyboard focus is inside (WAI carousel pattern). */
  hold(held: boolean): void;
}

/**
 * Shows one of `count` items at a time and moves to the next every `intervalMs`.
 * Auto-moving content needs a way to stop it (WCAG 2.2.2): `toggle`. With reduced motion asked
 * for, it starts stopped; the player can still start it.
 */
export function useRotation(count: number, intervalMs: number): Rotation {
  const reduced = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<'auto' | 'stopped' | 'running'>('auto');
  const [held, hold] = useState(false);
  // Bumped by `show` so a manual move restarts the wait.
  const [epoch, setEpoch] = useState(0);
  const stopped = choice === 'stopped' || (choice === 'auto' && reduced);

  useEffect(() => {
    if (stopped || held || count < 2) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearInterval(id);
  }, [stopped, held, count, intervalMs, epoch]);

  const show = useCallback(
    (i: number) => {
      setIndex(((i % count) + count) % count);
      setEpoch((e) => e + 1);
    },
    [count],
  );
  const toggle = useCallback(() => setChoice(stopped ? 'running' : 'stopped'), [stopped]);
  return { index, show, stopped, toggle, hold };
}
