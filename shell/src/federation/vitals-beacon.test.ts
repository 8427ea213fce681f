import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Metric } from 'web-vitals';

/** The library's callbacks as the reporter registered them, to play the browser's measurements. */
const vitals = vi.hoisted(() => ({
  callbacks: {} as Record<string, (m: Pick<Metric, 'name' | 'value'>) => void>,
  loaded: 0,
}));
vi.mock('web-vitals', () => {
  vitals.loaded++;
  const on = (name: string) => (cb: (m: Pick<Metric, 'name' | 'value'>) => void) => {
    vitals.callbacks[name] = cb;
  };
  return { onLCP: on('LCP'), onINP: on('INP'), onCLS: on('CLS') };
});

let beacons: { url: string; body: unknown }[] = [];
let visibility: DocumentVisibilityState = 'visible';

const hide = () => {
  visibility = 'hidden';
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
};

beforeEach(() => {
  beacons = [];
  visibility = 'visible';
  vitals.callbacks = {};
  performance.clearMarks();
  vi.resetModules();
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  // Idle at once: the library is fetched as soon as the browser has time.
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => {
    fn();
    return 1;
  });
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: vi.fn((url: string, blob: Blob) => {
      void blob.text().then((text) => beacons.push({ url, body: JSON.parse(text) }));
      return true;
    }),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The reporter, fresh, with the library's callbacks registered. */
async function reporter() {
  const mod = await import('./vitals-beacon.ts');
  return mod;
}

describe('web vitals per remote version', () => {
  it('sends one beacon when the page is hidden, for the first remote page, in integer units', async () => {
    const { measureVitalsOf } = await reporter();
    measureVitalsOf('wallet', '2.0.0-slow');
    // A later page of the same document changes nothing.
    measureVitalsOf('lobby', '1.0.0-aaa');
    await vi.waitFor(() => expect(Object.keys(vitals.callbacks).sort()).toEqual(['CLS', 'INP', 'LCP']));
    vitals.callbacks.LCP?.({ name: 'LCP', value: 3012.6 });
    vitals.callbacks.CLS?.({ name: 'CLS', value: 0.1234 });
    vitals.callbacks.INP?.({ name: 'INP', value: 96 });
    expect(beacons).toEqual([]);
    hide();
    await vi.waitFor(() => expect(beacons).toHaveLength(1));
    expect(beacons[0]).toEqual({
      url: '/api/v1/releases/health/vitals',
      body: { remote: 'wallet', version: '2.0.0-slow', lcp: 3013, cls: 123, inp: 96 },
    });
    // Hidden again, or left: the page view has been reported.
    vitals.callbacks.INP?.({ name: 'INP', value: 400 });
    hide();
    dispatchEvent(new Event('pagehide'));
    await Promise.resolve();
    expect(navigator.sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('sends nothing without a value, and keeps values within the bounds the API takes', async () => {
    const { measureVitalsOf, vitalValue } = await reporter();
    measureVitalsOf('lobby', '1.0.0-aaa');
    await vi.waitFor(() => expect(vitals.callbacks.LCP).toBeDefined());
    hide();
    await Promise.resolve();
    expect(navigator.sendBeacon).not.toHaveBeenCalled();
    expect(vitalValue({ name: 'LCP', value: 125_000 })).toEqual(['lcp', 60_000]);
    expect(vitalValue({ name: 'CLS', value: 42 })).toEqual(['cls', 10_000]);
    expect(vitalValue({ name: 'INP', value: -3 })).toEqual(['inp', 0]);
    expect(vitalValue({ name: 'TTFB', value: 100 })).toBeNull();
    expect(vitalValue({ name: 'LCP', value: Number.NaN })).toBeNull();
    // The values that come after that hidden moment go out when the page is left.
    vitals.callbacks.LCP?.({ name: 'LCP', value: 800 });
    dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(beacons).toHaveLength(1));
    expect(beacons[0]?.body).toEqual({ remote: 'lobby', version: '1.0.0-aaa', lcp: 800 });
  });

  it('fetches the library only once a remote page is up', async () => {
    const loadedBefore = vitals.loaded;
    const { measureVitalsOf } = await reporter();
    await Promise.resolve();
    expect(vitals.loaded).toBe(loadedBefore);
    measureVitalsOf('auth', '3.0.0');
    await vi.waitFor(() => expect(vitals.callbacks.LCP).toBeDefined());
    await vi.waitFor(() => expect(performance.getEntriesByName('mchezo:vitals-measured')).toHaveLength(1));
  });
});
