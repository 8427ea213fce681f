import { describe, expect, it, vi } from 'vitest';
import { loadReleaseManifest } from './release-manifest.ts';

const GOOD = {
  revision: 1,
  remotes: { lobby: { version: 'v1', entry: '/remotes/lobby/v1/mf-manifest.json', enabled: true } },
};

function respond(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

describe('loadReleaseManifest', () => {
  it('reads the network manifest and keeps it as the last good one', async () => {
    respond(GOOD);
    await expect(loadReleaseManifest()).resolves.toEqual({ manifest: GOOD, source: 'network' });
    respond({ error: 'down' }, 503);
    await expect(loadReleaseManifest()).resolves.toEqual({ manifest: GOOD, source: 'last-good' });
  });

  it('rejects a malformed manifest rather than registering garbage', async () => {
    respond({ revision: 'x', remotes: {} });
    await expect(loadReleaseManifest()).rejects.toThrow(/malformed/);
    respond({ revision: 1, remotes: { lobby: { version: 1, entry: '/x', enabled: true } } });
    await expect(loadReleaseManifest()).rejects.toThrow(/lobby/);
  });

  it('ignores remotes the shell does not know', async () => {
    respond({
      revision: 2,
      remotes: { ...GOOD.remotes, casino: { version: 'v', entry: '/e', enabled: true } },
    });
    const { manifest } = await loadReleaseManifest();
    expect(Object.keys(manifest.remotes)).toEqual(['lobby']);
  });
});

describe('the release the page came with', () => {
  async function withBootRelease(release: unknown) {
    vi.resetModules();
    document.head.innerHTML = `<script type="application/json" id="mchezo-boot">${JSON.stringify({ release })}</script>`;
    try {
      return (await import('./release-manifest.ts')).loadReleaseManifest;
    } finally {
      document.head.innerHTML = '';
    }
  }

  it('is used once without a request, and kept as the last good one; later reads ask the network', async () => {
    const load = await withBootRelease({ ...GOOD, revision: 7 });
    const fetch = vi.fn(async () => new Response(JSON.stringify(GOOD), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await expect(load()).resolves.toEqual({ manifest: { ...GOOD, revision: 7 }, source: 'network' });
    expect(fetch).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem('mchezo:last-good-release-manifest') ?? '{}').revision).toBe(7);
    await expect(load()).resolves.toEqual({ manifest: GOOD, source: 'network' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a malformed one is ignored: the network answers', async () => {
    const load = await withBootRelease({ revision: 'x' });
    respond(GOOD);
    await expect(load()).resolves.toEqual({ manifest: GOOD, source: 'network' });
  });

  it("a tester's override always asks the network", async () => {
    const load = await withBootRelease({ ...GOOD, revision: 7 });
    sessionStorage.setItem('mchezo:release-override', 'signed-token');
    try {
      const fetch = vi.fn(async () => new Response(JSON.stringify(GOOD), { status: 200 }));
      vi.stubGlobal('fetch', fetch);
      await expect(load()).resolves.toEqual({ manifest: GOOD, source: 'network' });
      expect(String(fetch.mock.calls[0]?.[0 as never])).toContain('override=signed-token');
    } finally {
      sessionStorage.clear();
    }
  });
});
