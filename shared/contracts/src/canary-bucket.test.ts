import { describe, expect, it } from 'vitest';
import { canaryBucket } from './canary-bucket.ts';

describe('canaryBucket', () => {
  it('gives the same key and remote the same bucket, 0-99', () => {
    const b = canaryBucket('0196f3a0-user', 'wallet');
    expect(b).toBeGreaterThanOrEqual(0);
    expect(b).toBeLessThan(100);
    expect(canaryBucket('0196f3a0-user', 'wallet')).toBe(b);
  });

  it('spreads keys evenly and draws each remote independently', () => {
    const keys = Array.from({ length: 10_000 }, (_, i) => `player-${i}`);
    const under10 = keys.filter((k) => canaryBucket(k, 'wallet') < 10);
    // About 10% of players, give or take.
    expect(under10.length).toBeGreaterThan(900);
    expect(under10.length).toBeLessThan(1100);
    // Of those, about 10% (not all) are under 10 for another remote too.
    const alsoLobby = under10.filter((k) => canaryBucket(k, 'lobby') < 10);
    expect(alsoLobby.length).toBeLessThan(under10.length * 0.2);
  });
});
