import { describe, expect, it } from 'vitest';
import type { SmsSender } from '../../src/adapters/sms/sms-sender.js';
import { freshPhone, json, logCapture, refreshCookie, refreshCookieOf, suiteApp } from '../helpers.js';

/** Everything the server logs, at debug level, through a full player journey. */
describe('structured logs never carry secrets, codes or tokens', () => {
  const log = logCapture();
  const sent: string[] = [];
  const sms: SmsSender = {
    name: 'capture',
    async send(_to, message) {
      sent.push(message);
    },
  };
  const t = suiteApp(
    'sqlite',
    { OTP_MODE: 'live', LOG_LEVEL: 'trace' },
    { sms, logger: undefined, logStream: log.stream },
  );

  it('logs requests but not the secrets that pass through them', async () => {
    const phone = freshPhone();
    await t.post('/auth/register', { phone, password: 'password-secret-1' });
    await t.post('/auth/verify/request', { phone });
    const code = /(\d{6})/.exec(sent.at(-1) ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await t.post('/auth/verify/confirm', { phone, code });
    const loginRes = await t.post('/auth/login', { phone, password: 'password-secret-1' });
    const login = json(loginRes);
    const refreshToken = refreshCookieOf(loginRes)!;
    const headers = { authorization: `Bearer ${login.access_token}` };
    const identity = {
      fullName: 'Amani Wanjiru',
      dateOfBirth: '1990-05-17',
      documentType: 'national_id',
      documentNumber: '31415926',
    };
    await t.app.inject({ method: 'PUT', url: '/api/v1/identity', headers, payload: identity });
    await t.post('/wallet/deposit', { amount: 100, currency: 'KES', phone_number: phone }, headers);
    await t.settlePayments();
    const link = new URL(
      json(await t.post('/casino/game/link', { game_id: 'lucky-sevens' }, headers)).game_link,
    );
    await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    await t.post('/auth/refresh', {}, refreshCookie(refreshToken));
    await t.get('/auth/me', headers);
    await t.post('/payments/callbacks/simulator/wrong-secret-value/deposit', {
      provider_ref: 'x',
      result_code: 0,
    });

    // One line per request, written when it is answered: method, URL, status and time.
    const requests = log.text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .filter((line) => line.msg === 'request completed');
    expect(requests).toHaveLength(11);
    for (const line of requests) {
      expect(line).toMatchObject({
        level: 30,
        reqId: expect.any(String),
        req: {
          method: expect.stringMatching(/^(GET|POST|PUT)$/),
          url: expect.stringMatching(/^\/api\/v1\//),
        },
        res: { statusCode: expect.any(Number) },
        responseTime: expect.any(Number),
      });
    }
    expect(requests.at(-1)).toMatchObject({
      req: { method: 'POST', url: '/api/v1/payments/callbacks/simulator/[secret]/deposit' },
      res: { statusCode: 403 },
    });
    expect(log.text).toContain('/payments/callbacks/simulator/[secret]/deposit');
    expect(log.text).toContain('launch=[secret]');
    for (const secret of [
      t.env.PAYMENT_CALLBACK_SECRET,
      t.env.JWT_SECRET,
      t.env.GAME_PROVIDER_SECRET,
      t.env.CHAT_TOKEN_SECRET,
      login.access_token,
      refreshToken,
      link.searchParams.get('launch')!,
      'password-secret-1',
      'wrong-secret-value',
      identity.documentNumber,
    ]) {
      expect(log.text).not.toContain(secret);
    }
    expect(log.text).not.toContain(`code is ${code}`);
  });
});
