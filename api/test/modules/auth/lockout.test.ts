import { describe, expect, it } from 'vitest';
import { DB_MODES, json, suiteApp } from '../../helpers.js';

/** Failed logins are counted per phone and client address, after the password check. */
describe.each(DB_MODES)('login limits and strangers (%s)', (mode) => {
  const t = suiteApp(mode, { RATE_LIMIT_PER_PHONE: '3', RATE_LIMIT_PER_IP: '1000' });
  const login = (phone: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { phone, password },
      remoteAddress: ip,
    });

  it("a stranger's failed logins do not lock the player out", async () => {
    const p = await t.signedInPlayer();
    const stranger = [];
    for (let i = 0; i < 6; i++)
      stranger.push((await login(p.phone, 'guess-password', '203.0.113.9')).statusCode);
    expect(stranger).toEqual([401, 401, 401, 429, 429, 429]);
    expect((await login(p.phone, p.password, '198.51.100.7')).statusCode).toBe(200);
  });

  it('successful logins do not count, and a success starts the failures over', async () => {
    const p = await t.signedInPlayer();
    for (let i = 0; i < 5; i++)
      expect((await login(p.phone, p.password, '198.51.100.8')).statusCode).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await login(p.phone, 'typo-password', '198.51.100.8')).statusCode).toBe(401);
    expect((await login(p.phone, p.password, '198.51.100.8')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await login(p.phone, 'typo-password', '198.51.100.8')).statusCode).toBe(401);
    expect((await login(p.phone, 'typo-password', '198.51.100.8')).statusCode).toBe(429);
  });

  it('brute force from one address is slowed: past the limit even the right password waits', async () => {
    const p = await t.signedInPlayer();
    for (let i = 0; i < 3; i++) await login(p.phone, `guess-${i}-password`, '203.0.113.10');
    const refused = await login(p.phone, p.password, '203.0.113.10');
    expect(refused.statusCode).toBe(429);
    expect(json(refused).retry_after_seconds).toBeGreaterThan(0);
    t.clock.advance(t.env.RATE_LIMIT_WINDOW_SECONDS * 1000);
    expect((await login(p.phone, p.password, '203.0.113.10')).statusCode).toBe(200);
  });
});
