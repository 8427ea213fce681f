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
