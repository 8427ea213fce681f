import { describe, expect, it } from 'vitest';
import { chooseRelease, lastGoodRelease, releaseBucket, rememberGoodRelease } from './release-choice.ts';

const manifest = {
  revision: 7,
  remotes: {
    wallet: {
      version: 'v1',
      entry: '/remotes/wallet/v1/mf-manifest.json',
      enabled: true,
      canary: { version: 'v2', entry: '/remotes/wallet/v2/mf-manifest.json', percent: 50 },
    },
    lobby: { version: 'l1', entry: '/remotes/lobby/l1/mf-manifest.json', enabled: true },
  },
};

describe('release choice', () => {
  it('gives the canary to buckets under its percentage and the active version to the rest', () => {
    expect(chooseRelease(manifest, 'wallet', 0)).toEqual({
      version: 'v2',
      entry: '/remotes/wallet/v2/mf-manifest.json',
      via: 'canary',
    });
    expect(chooseRelease(manifest, 'wallet', 49)?.version).toBe('v2');
    expect(chooseRelease(manifest, 'wallet', 50)).toEqual({
      version: 'v1',
      entry: '/remotes/wallet/v1/mf-manifest.json',
      via: 'active',
    });
    expect(chooseRelease(manifest, 'lobby', 0)?.via).toBe('active');
    expect(chooseRelease(manifest, 'profile', 0)).toBeNull();
  });

  it('keeps a player in the same bucket across page loads', () => {
    const first = releaseBucket();
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(100);
    for (let i = 0; i < 5; i++) expect(releaseBucket()).toBe(first);
    localStorage.setItem('mchezo:release-bucket', 'garbage');
    const redrawn = releaseBucket();
    expect(Number.isInteger(redrawn)).toBe(true);
    expect(releaseBucket()).toBe(redrawn);
  });

  it('remembers the last version that worked, per remote', () => {
    expect(lastGoodRelease('wallet')).toBeNull();
    rememberGoodRelease('wallet', { version: 'v1', entry: '/e1', via: 'active' });
    expect(lastGoodRelease('wallet')).toEqual({ version: 'v1', entry: '/e1', via: 'last-good' });
    expect(lastGoodRelease('lobby')).toBeNull();
    localStorage.setItem('mchezo:last-good-version:lobby', '{bad json');
    expect(lastGoodRelease('lobby')).toBeNull();
  });
});
