import { canaryBucket } from '@mchezo/contracts/canary-bucket';
import { describe, expect, it } from 'vitest';
import { chooseRelease, deviceId, lastGoodRelease, rememberGoodRelease } from './release-choice.ts';

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
  /** Player ids whose wallet bucket is under 50 and at 50 or over. */
  const players = Array.from({ length: 40 }, (_, i) => `player-${i}`);
  const under = players.find((p) => canaryBucket(p, 'wallet') < 50)!;
  const over = players.find((p) => canaryBucket(p, 'wallet') >= 50)!;

  it('gives the canary to players whose bucket is under its percentage, the active version to the rest', () => {
    expect(chooseRelease(manifest, 'wallet', under)).toEqual({
      version: 'v2',
      entry: '/remotes/wallet/v2/mf-manifest.json',
      via: 'canary',
    });
    expect(chooseRelease(manifest, 'wallet', over)).toEqual({
      version: 'v1',
      entry: '/remotes/wallet/v1/mf-manifest.json',
      via: 'active',
    });
    expect(chooseRelease(manifest, 'lobby', under)?.via).toBe('active');
    expect(chooseRelease(manifest, 'profile', under)).toBeNull();
  });

  it('gives one player the same version on every phone', () => {
    for (let phone = 0; phone < 3; phone++) {
      localStorage.clear();
      expect(chooseRelease(manifest, 'wallet', under)?.via).toBe('canary');
      expect(chooseRelease(manifest, 'wallet', over)?.via).toBe('active');
    }
  });

  it("uses this browser's own id while nobody is signed in, kept across page loads", () => {
    localStorage.clear();
    const first = deviceId();
    for (let i = 0; i < 5; i++) expect(deviceId()).toBe(first);
    const expected = canaryBucket(first, 'wallet') < 50 ? 'canary' : 'active';
    expect(chooseRelease(manifest, 'wallet', null)?.via).toBe(expected);
    localStorage.setItem('mchezo:device-id', 'x');
    const redrawn = deviceId();
    expect(redrawn).not.toBe('x');
    expect(deviceId()).toBe(redrawn);
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
