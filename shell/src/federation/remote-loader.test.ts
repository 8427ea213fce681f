import { canaryBucket } from '@mchezo/contracts/canary-bucket';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);
const beacon = vi.hoisted(() => ({ countLoad: vi.fn() }));
vi.mock('./load-beacon.ts', () => beacon);

const MANIFEST = {
  revision: 3,
  remotes: {
    lobby: { version: '1.0.0-aaa', entry: '/remotes/lobby/1.0.0-aaa/mf-manifest.json', enabled: true },
    wallet: { version: '1.0.0-bbb', entry: '/remotes/wallet/1.0.0-bbb/mf-manifest.json', enabled: false },
  },
};

function stubManifest(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    ),
  );
}

async function freshLoader() {
  vi.resetModules();
  return import('./remote-loader.ts');
}

describe('loadRemotePage', () => {
  beforeEach(() => {
    runtime.loadRemote.mockReset();
    runtime.registerRemotes.mockReset();
    beacon.countLoad.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('registers the manifest entry and returns the exposed default export', async () => {
    stubManifest(MANIFEST);
    const Page = () => null;
    runtime.loadRemote.mockResolvedValue({ default: Page });
    const { loadRemotePage } = await freshLoader();
    await expect(loadRemotePage('lobby', 'HomePage')).resolves.toEqual({
      Page,
      release: { version: '1.0.0-aaa', entry: '/remotes/lobby/1.0.0-aaa/mf-manifest.json', via: 'active' },
    });
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'lobby', entry: 'http://localhost:3000/remotes/lobby/1.0.0-aaa/mf-manifest.json' }],
      { force: false },
    );
    expect(runtime.loadRemote).toHaveBeenCalledWith('lobby/HomePage');
  });

  it('loads a page asked for twice at once (its early start, then its route) once, and counts one load', async () => {
    stubManifest(MANIFEST);
    const Page = () => null;
    let arrive: (mod: unknown) => void = () => {};
    runtime.loadRemote.mockReturnValue(
      new Promise((resolve) => {
        arrive = resolve;
      }),
    );
    const { loadRemotePage } = await freshLoader();
    const early = loadRemotePage('lobby', 'HomePage');
    const route = loadRemotePage('lobby', 'HomePage');
    await vi.waitFor(() => expect(runtime.loadRemote).toHaveBeenCalled());
    arrive({ default: Page });
    const [a, b] = await Promise.all([early, route]);
    expect([a.Page, b.Page]).toEqual([Page, Page]);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    expect(beacon.countLoad.mock.calls).toEqual([['lobby', '1.0.0-aaa', true]]);
  });

  it('a shared load that fails fails both callers with its version, and counts one failed load', async () => {
    stubManifest(MANIFEST);
    runtime.loadRemote.mockRejectedValue(new Error('integrity mismatch'));
    const { loadRemotePage } = await freshLoader();
    const results = await Promise.allSettled([
      loadRemotePage('lobby', 'HomePage'),
      loadRemotePage('lobby', 'HomePage'),
    ]);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toMatchObject({ reason: 'failed', version: '1.0.0-aaa' });
    }
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    expect(beacon.countLoad.mock.calls).toEqual([['lobby', '1.0.0-aaa', false]]);
  });

  it('refuses a disabled remote without loading it', async () => {
    stubManifest(MANIFEST);
    const { loadRemotePage } = await freshLoader();
    await expect(loadRemotePage('wallet', 'DepositPage')).rejects.toMatchObject({ reason: 'disabled' });
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('refuses a remote the manifest does not name', async () => {
    stubManifest(MANIFEST);
    const { loadRemotePage } = await freshLoader();
    await expect(loadRemotePage('profile', 'ProfilePage')).rejects.toMatchObject({ reason: 'not-deployed' });
  });

  it('gives up on a remote that never answers after 5 s', async () => {
    vi.useFakeTimers();
    stubManifest(MANIFEST);
    runtime.loadRemote.mockReturnValue(new Promise(() => {}));
    const { loadRemotePage } = await freshLoader();
    const result = loadRemotePage('lobby', 'HomePage').then(
      () => 'loaded',
      (e: { reason: string; hung: boolean }) => `${e.reason}, hung: ${e.hung}`,
    );
    await vi.advanceTimersByTimeAsync(4_999);
    await expect(Promise.race([result, Promise.resolve('still waiting')])).resolves.toBe('still waiting');
    await vi.advanceTimersByTimeAsync(1);
    // Hung: only a page reload sends its requests again.
    await expect(result).resolves.toBe('failed, hung: true');
  });

  it('turns a runtime failure into "failed" and re-registers with force on retry', async () => {
    stubManifest(MANIFEST);
    runtime.loadRemote
      .mockRejectedValueOnce(new Error('RUNTIME-003'))
      .mockResolvedValueOnce({ default: () => null });
    const { loadRemotePage } = await freshLoader();
    await expect(loadRemotePage('lobby', 'HomePage')).rejects.toMatchObject({
      reason: 'failed',
      hung: false,
    });
    await expect(loadRemotePage('lobby', 'HomePage', { retry: true })).resolves.toMatchObject({
      release: { version: '1.0.0-aaa' },
    });
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(expect.any(Array), { force: true });
  });

  it('reports a chunk that timed out as hung', async () => {
    stubManifest(MANIFEST);
    const chunk = new Error('Loading chunk 12 failed.\n(timeout: /remotes/lobby/x.js)');
    runtime.loadRemote.mockRejectedValueOnce(new Error('RUNTIME-008', { cause: chunk }));
    const { loadRemotePage } = await freshLoader();
    await expect(loadRemotePage('lobby', 'HomePage')).rejects.toMatchObject({ reason: 'failed', hung: true });
  });

  it('loads the canary for a browser whose bucket falls under its share', async () => {
    const device = Array.from({ length: 100 }, (_, i) => `device-${i}`).find(
      (id) => canaryBucket(id, 'lobby') < 25,
    )!;
    localStorage.setItem('mchezo:device-id', device);
    stubManifest({
      ...MANIFEST,
      remotes: {
        ...MANIFEST.remotes,
        lobby: {
          ...MANIFEST.remotes.lobby,
          canary: { version: '2.0.0-ccc', entry: '/remotes/lobby/2.0.0-ccc/mf-manifest.json', percent: 25 },
        },
      },
    });
    runtime.loadRemote.mockResolvedValue({ default: () => null });
    const { loadRemotePage } = await freshLoader();
    await expect(loadRemotePage('lobby', 'HomePage')).resolves.toMatchObject({
      release: { version: '2.0.0-ccc', via: 'canary' },
    });
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'lobby', entry: 'http://localhost:3000/remotes/lobby/2.0.0-ccc/mf-manifest.json' }],
      { force: false },
    );
  });

  it('falls back to the version that last worked for this player', async () => {
    localStorage.setItem(
      'mchezo:last-good-version:lobby',
      JSON.stringify({ version: '0.9.0-old', entry: '/remotes/lobby/0.9.0-old/mf-manifest.json' }),
    );
    stubManifest(MANIFEST);
    runtime.loadRemote.mockResolvedValue({ default: () => null });
    const { loadRemotePage } = await freshLoader();
    await expect(loadRemotePage('lobby', 'HomePage', { fallback: true })).resolves.toMatchObject({
      release: { version: '0.9.0-old', via: 'last-good' },
    });
  });

  it('a navigation after the bound goes by the current release: switched off, or rolled back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    stubManifest(MANIFEST);
    const Old = () => null;
    const New = () => null;
    runtime.loadRemote.mockResolvedValueOnce({ default: New }).mockResolvedValueOnce({ default: Old });
    const { loadRemotePage } = await freshLoader();
    await expect(loadRemotePage('lobby', 'HomePage')).resolves.toMatchObject({ Page: New });
    const { MANIFEST_FRESH_MS } = await import('./fresh-manifest.ts');
    stubManifest({
      revision: 4,
      remotes: {
        lobby: { version: '0.9.0-old', entry: '/remotes/lobby/0.9.0-old/mf-manifest.json', enabled: true },
        wallet: MANIFEST.remotes.wallet,
      },
    });
    // Within the bound: the manifest the tab has, no request.
    vi.setSystemTime(Date.now() + MANIFEST_FRESH_MS - 1000);
    await expect(loadRemotePage('lobby', 'HomePage')).resolves.toMatchObject({ Page: New });
    expect(fetch).not.toHaveBeenCalled();
    vi.setSystemTime(Date.now() + 1000);
    const rolledBack = await loadRemotePage('lobby', 'HomePage');
    expect(rolledBack).toMatchObject({ Page: Old, release: { version: '0.9.0-old', via: 'active' } });
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/releases/manifest',
      expect.objectContaining({ cache: 'no-cache' }),
    );
    // The other version's container is dropped before this one registers.
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'lobby', entry: 'http://localhost:3000/remotes/lobby/0.9.0-old/mf-manifest.json' }],
      { force: true },
    );
    stubManifest({
      ...MANIFEST,
      revision: 5,
      remotes: { lobby: { ...MANIFEST.remotes.lobby, enabled: false } },
    });
    vi.setSystemTime(Date.now() + MANIFEST_FRESH_MS);
    await expect(loadRemotePage('lobby', 'HomePage')).rejects.toMatchObject({ reason: 'disabled' });
  });

  it('fails every remote when the manifest cannot load and none was seen before', async () => {
    stubManifest({ error: 'down' }, 500);
    const { loadRemotePage } = await freshLoader();
    await expect(loadRemotePage('lobby', 'HomePage')).rejects.toMatchObject({ reason: 'failed' });
  });
});
