/**
 * Client addresses through the cluster's nginx (docs/decisions/032): nginx sets
 * X-Forwarded-For to the address it saw and the instances believe it from nginx only, so a
 * client that forges the header is still one address to every per-address limit.
 */
import { describe, expect, it } from 'vitest';
import { call, cluster, signedInPlayer } from './cluster-kit.js';

const report = (line: string) => console.log(`[cluster] ${line}`);

/** 150 wrong passwords on `phone` through nginx, one after the other; the statuses, counted. */
async function wrongPasswords(phone: string, forge: boolean): Promise<Record<number, number>> {
  const tally: Record<number, number> = {};
  for (let i = 0; i < 150; i++) {
    // A new address every time: what a client trying to escape a per-address limit sends.
    const claimed = `198.51.${100 + (i >> 8)}.${i & 255}`;
    const headers: Record<string, string> = forge
      ? { 'x-forwarded-for': claimed, 'x-real-ip': claimed, forwarded: `for=${claimed}` }
      : {};
    const res = await call(
      cluster.url,
      'POST',
      '/auth/login',
      { phone, password: 'not-the-password' },
      headers,
    );
    tally[res.status] = (tally[res.status] ?? 0) + 1;
  }
  return tally;
}

describe('client addresses through nginx', () => {
  it('150 wrong passwords with 150 forged X-Forwarded-For values are limited like 150 from one address', async () => {
    const [forgedPhone, plainPhone] = [
      (await signedInPlayer(cluster.url)).phone,
      (await signedInPlayer(cluster.url)).phone,
    ];
    const plain = await wrongPasswords(plainPhone, false);
    const forged = await wrongPasswords(forgedPhone, true);
    report(`150 wrong passwords from one address: ${JSON.stringify(plain)}`);
    report(`150 wrong passwords, each with a forged X-Forwarded-For: ${JSON.stringify(forged)}`);
    expect(plain[429]).toBeGreaterThan(100);
    expect(forged).toEqual(plain);
  });
});
