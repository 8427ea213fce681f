import { describe, expect, it } from 'vitest';
import type { SmsSender } from '../../../src/adapters/sms/sms-sender.js';
import { DB_MODES, freshPhone, json, suiteApp } from '../../helpers.js';

class CapturingSms implements SmsSender {
  readonly name = 'capture';
  sent: Array<{ to: string; message: string }> = [];
  fail = false;
  async send(to: string, message: string) {
    if (this.fail) throw new Error('gateway down');
    this.sent.push({ to, message });
  }
  lastCode(to: string): string {
    const m = [...this.sent].reverse().find((s) => s.to === to);
    return /(\d{6})/.exec(m?.message ?? '')?.[1] ?? '';
  }
}

describe.each(DB_MODES)('one-time codes in live mode (%s)', (mode) => {
  const sms = new CapturingSms();
  const t = suiteApp(mode, { OTP_MODE: 'live' }, { sms });

  async function pending(): Promise<string> {
    const phone = freshPhone();
    expect((await t.post('/auth/register', { phone, password: 'password1' })).statusCode).toBe(201);
    return phone;
  }

  it('/config says live mode and hides the code', async () => {
    const { data } = json(await t.get('/config'));
    expect(data.otp_test_mode).toBe(false);
    expect(data.otp_test_code).toBeNull();
  });

  it('sends a random code by SMS that verifies the account; the test code does not work', async () => {
    const phone = await pending();
    expect((await t.post('/auth/verify/request', { phone })).statusCode).toBe(200);
    const code = sms.lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    if (code !== '123456') {
      expect((await t.post('/auth/verify/confirm', { phone, code: '123456' })).statusCode).toBe(400);
    }
    const ok = await t.post('/auth/verify/confirm', { phone, code });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).user.status).toBe('active');
  });

  it('sends nothing to a phone without a pending account, yet answers the same', async () => {
    const before = sms.sent.length;
    const res = await t.post('/auth/verify/request', { phone: freshPhone() });
    expect(res.statusCode).toBe(200);
    expect(sms.sent.length).toBe(before);
  });

  it('enforces the 60 s resend cooldown on the server', async () => {
    const phone = await pending();
    expect((await t.post('/auth/verify/request', { phone })).statusCode).toBe(200);
    t.clock.advance(30_000);
    const early = await t.post('/auth/verify/request', { phone });
    expect(early.statusCode).toBe(429);
    expect(json(early).retry_after_seconds).toBe(30);
    t.clock.advance(30_000);
    expect((await t.post('/auth/verify/request', { phone })).statusCode).toBe(200);
  });

  it('a new code ends the previous one', async () => {
    const phone = await pending();
    await t.post('/auth/verify/request', { phone });
    const old = sms.lastCode(phone);
    t.clock.advance(61_000);
    await t.post('/auth/verify/request', { phone });
    const fresh = sms.lastCode(phone);
    if (old !== fresh)
      expect((await t.post('/auth/verify/confirm', { phone, code: old })).statusCode).toBe(400);
    expect((await t.post('/auth/verify/confirm', { phone, code: fresh })).statusCode).toBe(200);
  });

  it('five wrong tries end the code', async () => {
    const phone = await pending();
    await t.post('/auth/verify/request', { phone });
    const code = sms.lastCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await t.post('/auth/verify/confirm', { phone, code: wrong });
      expect(json(res).code).toBe('CODE_INVALID');
    }
    const fifth = await t.post('/auth/verify/confirm', { phone, code: wrong });
    expect(json(fifth).code).toBe('CODE_ATTEMPTS_EXCEEDED');
    const right = await t.post('/auth/verify/confirm', { phone, code });
    expect(right.statusCode).toBe(400);
  });

  it('codes expire after 10 minutes', async () => {
    const phone = await pending();
    await t.post('/auth/verify/request', { phone });
    const code = sms.lastCode(phone);
    t.clock.advance(601_000);
    const res = await t.post('/auth/verify/confirm', { phone, code });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('CODE_EXPIRED');
  });

  it('password reset codes are separate from verification codes', async () => {
    const phone = await pending();
    await t.post('/auth/verify/request', { phone });
    const verifyCode = sms.lastCode(phone);
    await t.post('/auth/password/reset/request', { phone });
    const resetCode = sms.lastCode(phone);
    expect(sms.sent.at(-1)?.message).toMatch(/reset/);
    if (verifyCode !== resetCode) {
      const cross = await t.post('/auth/password/reset/confirm', {
        phone,
        code: verifyCode,
        new_password: 'password2',
      });
      expect(cross.statusCode).toBe(400);
    }
    const ok = await t.post('/auth/password/reset/confirm', {
      phone,
      code: resetCode,
      new_password: 'password2',
    });
    expect(ok.statusCode).toBe(204);
    const login = await t.post('/auth/login', { phone, password: 'password2' });
    expect(json(login).needs_verification).toBe(false);
  });

  it('an SMS failure answers 503 and does not start a cooldown', async () => {
    const phone = await pending();
    sms.fail = true;
    const res = await t.post('/auth/verify/request', { phone });
    sms.fail = false;
    expect(res.statusCode).toBe(503);
    expect((await t.post('/auth/verify/request', { phone })).statusCode).toBe(200);
  });
});

describe.each(DB_MODES)('rate limits (%s)', (mode) => {
  const t = suiteApp(mode, {
    RATE_LIMIT_PER_PHONE: '3',
    RATE_LIMIT_PER_IP: '5',
    RATE_LIMIT_WINDOW_SECONDS: '600',
  });

  const login = (phone: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { phone, password: 'whatever1' },
      remoteAddress: ip,
    });

  it('limits failed logins per phone and address, answering 429 with the seconds to wait', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 3; i++) expect((await login(phone, '10.0.0.1')).statusCode).toBe(401);
    const limited = await login(phone, '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(json(limited).retry_after_seconds).toBe(600);
    expect(limited.headers['retry-after']).toBe('600');
    // The same phone from another address is not limited by those failures.
    expect((await login(phone, '10.0.0.2')).statusCode).toBe(401);
    t.clock.advance(601_000);
    expect((await login(phone, '10.0.0.1')).statusCode).toBe(401);
  });

  it('limits login per IP across phones', async () => {
    for (let i = 0; i < 5; i++) expect((await login(freshPhone(), '10.1.1.1')).statusCode).toBe(401);
    expect((await login(freshPhone(), '10.1.1.1')).statusCode).toBe(429);
    expect((await login(freshPhone(), '10.1.1.2')).statusCode).toBe(401);
  });

  it('limits register, code request and confirm, and password reset', async () => {
    const cases: Array<[string, (phone: string) => object]> = [
      ['/auth/register', (phone) => ({ phone, password: 'password1' })],
      ['/auth/verify/confirm', (phone) => ({ phone, code: '000000' })],
      ['/auth/password/reset/confirm', (phone) => ({ phone, code: '000000', new_password: 'password1' })],
      ['/auth/verify/request', (phone) => ({ phone })],
      ['/auth/password/reset/request', (phone) => ({ phone })],
    ];
    for (const [url, body] of cases) {
      const ip = `10.2.${cases.findIndex((c) => c[0] === url)}.1`;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/v1${url}`,
          payload: body(freshPhone()),
          remoteAddress: ip,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 5)).not.toContain(429);
      expect(statuses[5]).toBe(429);
    }
  });
});
