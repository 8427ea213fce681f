import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const MANIFEST = {
  revision: 1,
  remotes: {
    lobby: { version: '1.0.0-aaa', entry: '/remotes/lobby/1.0.0-aaa/mf-manifest.json', enabled: true },
  },
};

/** The beacons sent so far, as the API would read them. */
let beacons: unknown[] = [];

beforeEach(() => {
  beacons = [];
  vi.resetModules();
  runtime.loadRemote.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(MANIFEST), { headers: { 'Content-Type': 'application/json' } }),
    ),
  );
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: vi.fn((url: string, blob: Blob) => {
      expect(url).toBe('/api/v1/releases/health/loads');
      void blob.text().then((text) => beacons.push(JSON.parse(text)));
      return true;
    }),
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('load counts per remote version', () => {
  it('counts loads that worked and loads that failed, and sends them together once', async () => {
    const { loadRemotePage } = await import('./remote-loader.ts');
    const { flushLoadCounts } = await import('./load-beacon.ts');
    runtime.loadRemote.mockResolvedValueOnce({ default: () => null });
    await loadRemotePage('lobby', 'HomePage');
    // Already loaded: no new fetch, nothing counted.
    await loadRemotePage('lobby', 'HomePage');
    runtime.loadRemote.mockRejectedValueOnce(new Error('chunk failed'));
    await expect(loadRemotePage('lobby', 'GamePage')).rejects.toMatchObject({
      reason: 'failed',
      version: '1.0.0-aaa',
    });
    flushLoadCounts();
    await vi.waitFor(() => expect(beacons).toHaveLength(1));
    expect(beacons[0]).toEqual({ loads: [{ remote: 'lobby', version: '1.0.0-aaa', ok: 1, failed: 1 }] });
    flushLoadCounts();
    await Promise.resolve();
    expect(navigator.sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('sends the batch by itself after a few seconds, and when the page is hidden', async () => {
    vi.useFakeTimers();
    const { countLoad } = await import('./load-beacon.ts');
    countLoad('wallet', '2.0.0', true);
    countLoad('wallet', '2.0.0', true);
    expect(navigator.sendBeacon).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(navigator.sendBeacon).toHaveBeenCalledTimes(1);
    countLoad('auth', '3.0.0', false);
    window.dispatchEvent(new Event('pagehide'));
    expect(navigator.sendBeacon).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
    await vi.waitFor(() => expect(beacons).toHaveLength(2));
    expect(beacons).toEqual([
      { loads: [{ remote: 'wallet', version: '2.0.0', ok: 2, failed: 0 }] },
      { loads: [{ remote: 'auth', version: '3.0.0', ok: 0, failed: 1 }] },
    ]);
  });
});
