/**
 * Client addresses come from trusted proxies only (docs/decisions/032):
 * TRUST_PROXY names the proxies whose X-Forwarded-For is believed. Anyone else's header is
 * ignored, so a client cannot pick the address its rate limits count against.
 */
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/env.js';
import { freshPhone, logCapture, suiteApp } from '../helpers.js';

describe('TRUST_PROXY', () => {
  it('takes addresses and CIDR ranges (IPv4, IPv6), or true/false, and refuses anything else', () => {
    const parse = (value: string) => loadEnv({ NODE_ENV: 'test', TRUST_PROXY: value }).TRUST_PROXY;
    expect(parse('')).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('true')).toBe(true);
    expect(parse('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(parse('10.0.0.0/8, ::1,2001:db8::/32')).toEqual(['10.0.0.0/8', '::1', '2001:db8::/32']);
    for (const bad of ['nginx', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1', '300.1.1.1'])
      expect(() => parse(bad), bad).toThrow(/TRUST_PROXY: not an IP address or CIDR range/);
  });
});

describe('request.ip behind TRUST_PROXY=10.0.0.0/8,::1', () => {
  const log = logCapture();
  const t = suiteApp(
    'sqlite',
    { TRUST_PROXY: '10.0.0.0/8,::1', LOG_LEVEL: 'info', RATE_LIMIT_PER_PHONE: '3' },
    { logger: undefined, logStream: log.stream },
  );

  /** The address the request log recorded for one request from `from` carrying `forwardedFor`. */
  async function seenAs(from: string, forwardedFor: string): Promise<string> {
    const before = log.text.length;
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      remoteAddress: from,
      headers: { 'x-forwarded-for': forwardedFor },
    });
    await expect.poll(() => log.text.slice(before)).toContain('request completed');
    return JSON.parse(log.text.slice(before).split('\n')[0] ?? '{}').req.remoteAddress;
  }

  it('an untrusted client with X-Forwarded-For is seen at its own address', async () => {
    expect(await seenAs('203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(await seenAs('2001:db8::9', '198.51.100.1')).toBe('2001:db8::9');
  });

  it('a trusted proxy passes on the client it saw; a chain is believed through trusted hops only', async () => {
    expect(await seenAs('10.0.0.2', '198.51.100.1')).toBe('198.51.100.1');
    expect(await seenAs('::1', '198.51.100.2')).toBe('198.51.100.2');
    expect(await seenAs('10.0.0.2', '198.51.100.66, 10.0.0.3')).toBe('198.51.100.66');
    // A claim the client put in front of the proxy's own entry is not believed.
    expect(await seenAs('10.0.0.2', '1.2.3.4, 203.0.113.5')).toBe('203.0.113.5');
  });

  it('wrong passwords with a new forged address each are limited like those from one address', async () => {
    const phone = freshPhone();
    await t.signedInPlayer(phone);
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { phone, password: 'not-the-password' },
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });
});
