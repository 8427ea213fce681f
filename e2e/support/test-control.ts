/**
 * What the e2e server lets a spec control (test-only switches, refused by api/src/env.ts outside
 * NODE_ENV=test): the demo game's luck and the payment simulator's timing.
 */
import { type APIRequestContext, expect } from '@playwright/test';

/**
 * The demo game's seed on the e2e server: every game session replays the same reel stops. With
 * 25, at any stake the first round loses and the second pays 2.5x (api/test/casino.test.ts
 * pins this), so a spec knows in advance how its spins go.
 */
export const DEMO_GAME_SEED = '25';

/** From now on this phone's payments stay pending, until `settlePayments`. */
export async function holdPayments(request: APIRequestContext, phone: string): Promise<void> {
  const res = await request.post('/api/v1/testing/simulator/hold', { data: { phone_number: phone } });
  expect(res.status(), await res.text()).toBe(204);
}

/** Settles this phone's held payments now (the simulator's callbacks) and stops holding it. */
export async function settlePayments(request: APIRequestContext, phone: string): Promise<number> {
  const res = await request.post('/api/v1/testing/simulator/settle', { data: { phone_number: phone } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { settled: number }).settled;
}
