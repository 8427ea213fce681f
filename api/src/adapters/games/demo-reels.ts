import { createHash, randomInt } from 'node:crypto';
import { type ReelStops, stopAt } from './demo-provider.js';

/** Production: every reel stop is a fresh crypto-random roll. */
const randomStops: ReelStops = () => stopAt(randomInt(0, 100));

/**
 * Tests only (DEMO_GAME_SEED): every game session replays the same sequence of stops, whatever
 * other sessions play meanwhile, so a test knows what its spins will show. The n-th stop of a
 * session is drawn from sha256(seed:n).
 */
export function seededStops(seed: number): ReelStops {
  const drawn = new Map<string, number>();
  return (sessionToken) => {
    const n = drawn.get(sessionToken) ?? 0;
    drawn.set(sessionToken, n + 1);
    return stopAt(createHash('sha256').update(`${seed}:${n}`).digest().readUInt32BE(0) % 100);
  };
}

export const reelStopsFor = (env: { DEMO_GAME_SEED?: number | undefined }): ReelStops =>
  env.DEMO_GAME_SEED === undefined ? randomStops : seededStops(env.DEMO_GAME_SEED);
