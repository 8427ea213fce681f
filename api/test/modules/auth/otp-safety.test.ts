import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { ConsoleSmsSender } from '../../../src/adapters/sms/console-sms.js';
import { DB_MODES, json, suiteApp } from '../../helpers.js';

/**
 * OTP test mode: the fixed code stands in for the code that would have been sent, so it is valid
 * only while a code asked for that phone and purpose is outstanding (not used, not expired).
 */
describe.each(DB_MODES)('the fixed test code needs a code request (%s)', (mode) => {
  const t = suiteApp(mode);
  const reset = (phone: string, new_password: string) =>
    t.post('/auth/password/reset/confirm', { phone, code: '123456', new_password });

  it("does not reset another player's password when no reset code was asked for", async () => {
    const victim = await t.signedInPlayer();
    const takeover = await reset(victim.phone, 'attacker-password');
    expect(takeover.statusCode).toBe(400);
    expect(json(takeover).code).toBe('CODE_NOT_FOUND');
    // The victim still signs in with their own password; the attacker's does not work.
    expect((await t.post('/auth/login', { phone: victim.phone, password: victim.password })).statusCode).toBe(
      200,
    );
    expect(
      (await t.post('/auth/login', { phone: victim.phone, password: 'attacker-password' })).statusCode,
    ).toBe(401);
  });

  it('resets once after a request; the used code does not work a second time', async () => {
    const p = await t.signedInPlayer();
    expect((await t.post('/auth/password/reset/request', { phone: p.phone })).statusCode).toBe(200);
    expect((await reset(p.phone, 'second-password')).statusCode).toBe(204);
    expect((await reset(p.phone, 'third-password')).statusCode).toBe(400);
  });

  it('is refused once the requested code has expired', async () => {
    const p = await t.signedInPlayer();
    await t.post('/auth/password/reset/request', { phone: p.phone });
    t.clock.advance(t.env.OTP_TTL_SECONDS * 1000);
    const late = await reset(p.phone, 'late-password');
    expect(late.statusCode).toBe(400);
    expect(json(late).code).toBe('CODE_EXPIRED');
  });

  it('does not verify an account whose code was never asked for', async () => {
    const phone = '+254799000123';
    expect((await t.post('/auth/register', { phone, password: 'password1' })).statusCode).toBe(201);
    expect((await t.post('/auth/verify/confirm', { phone, code: '123456' })).statusCode).toBe(400);
    expect((await t.post('/auth/verify/request', { phone })).statusCode).toBe(200);
    expect((await t.post('/auth/verify/confirm', { phone, code: '123456' })).statusCode).toBe(200);
  });
});

describe('the console SMS adapter', () => {
  it('writes a live code as stars and only the test code in full', async () => {
    const lines: string[] = [];
    const log = { info() {} } as unknown as FastifyBaseLogger;
    const message = 'Your Mchezo verification code is 482913. It expires in 10 minutes.';
    await new ConsoleSmsSender(log, false, (l) => lines.push(l)).send('+254712345678', message);
    await new ConsoleSmsSender(log, true, (l) => lines.push(l)).send('+254712345678', message);
    expect(lines[0]).toBe(
      '[sms to +254***678] Your Mchezo verification code is ******. It expires in 10 minutes.',
    );
    expect(lines[1]).toBe(`[sms to +254712345678] ${message}`);
  });

  describe.each(DB_MODES)('in a live-mode app (%s)', (mode) => {
    const t = suiteApp(mode, { OTP_MODE: 'live', SMS_PROVIDER: 'console' });

    it('never writes the code it sends to stderr', async () => {
      const written: string[] = [];
      const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
        written.push(String(chunk));
        return true;
      });
      try {
        const phone = '+254799000456';
        await t.post('/auth/register', { phone, password: 'password1' });
        expect((await t.post('/auth/verify/request', { phone })).statusCode).toBe(200);
      } finally {
        spy.mockRestore();
      }
      const line = written.find((w) => w.includes('[sms to'));
      expect(line).toMatch(/verification code is \*{6}\./);
      expect(line).not.toMatch(/\d{6}/);
    });
  });
});

describe.each(DB_MODES)('data files (%s)', (mode) => {
  const t = suiteApp(mode);

  it('are readable by the owner only (mode 0600), the SQLite WAL and shared memory too', async () => {
    await t.signedInPlayer();
    const files = readdirSync(t.env.DATA_DIR);
    if (mode === 'sqlite')
      expect(files).toEqual(
        expect.arrayContaining(['mchezo.sqlite', 'mchezo.sqlite-wal', 'mchezo.sqlite-shm']),
      );
    for (const file of files) expect(statSync(join(t.env.DATA_DIR, file)).mode & 0o777).toBe(0o600);
  });
});
