import { describe, expect, it } from 'vitest';
import { DB_MODES, json, suiteApp } from '../helpers.js';
import { nextStep, staffSession, totpCode } from '../staff-kit.js';

/**
 * Every limit holds under parallel requests: each try is counted (one atomic increment in the
 * database) before it is made, so a burst of guesses sent at once gets no more tries than one
 * sent in turn (rate-limit.ts guardFailures, otp.service.ts check). The payment-prompt limit's
 * burst is wallet-own-number.test.ts's.
 */
const LIMIT = 10;
const BURST = 40;

const codes = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode);
const countOf = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

// Both databases: concurrency: each try counted by one atomic increment under parallel requests.
describe.each(DB_MODES)('limits under parallel requests (%s)', (mode) => {
  const t = suiteApp(mode, {
    RATE_LIMIT_PER_PHONE: String(LIMIT),
    RATE_LIMIT_PER_IP: '100000',
  });

  it(`${BURST} parallel wrong staff passwords: at most ${LIMIT} are tried (401), the rest 429`, async () => {
    const staff = await staffSession(t, undefined, ['support']);
    const burst = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        t.post('/staff/sign-in', {
          phone: staff.player.phone,
          password: `wrong-password-${i}`,
          code: '000000',
        }),
      ),
    );
    const statuses = codes(burst);
    expect(countOf(statuses, 401)).toBeLessThanOrEqual(LIMIT);
    expect(countOf(statuses, 429)).toBeGreaterThanOrEqual(BURST - LIMIT);
    expect(countOf(statuses, 401) + countOf(statuses, 429)).toBe(BURST);
  });

  it(`${BURST} parallel wrong staff codes with the right password: at most ${LIMIT} are tried`, async () => {
    const staff = await staffSession(t, undefined, ['support']);
    nextStep(t);
    const right = totpCode(staff.enrolled.secret, t.clock.now());
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const burst = await Promise.all(
      Array.from({ length: BURST }, () =>
        t.post('/staff/sign-in', { phone: staff.player.phone, password: staff.player.password, code: wrong }),
      ),
    );
    const statuses = codes(burst);
    expect(countOf(statuses, 400)).toBeLessThanOrEqual(LIMIT);
    expect(countOf(statuses, 429)).toBeGreaterThanOrEqual(BURST - LIMIT);
  });

  it(`${BURST} parallel wrong player passwords: at most ${LIMIT} are tried (401), the rest 429`, async () => {
    const p = await t.signedInPlayer();
    const burst = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        t.post('/auth/login', { phone: p.phone, password: `wrong-password-${i}` }),
      ),
    );
    const statuses = codes(burst);
    expect(countOf(statuses, 401)).toBeLessThanOrEqual(LIMIT);
    expect(countOf(statuses, 429)).toBeGreaterThanOrEqual(BURST - LIMIT);
    // The right password waits out the window too: the lock is real, not a count that raced.
    expect((await t.post('/auth/login', { phone: p.phone, password: p.password })).statusCode).toBe(429);
  });
});

describe.each(DB_MODES)('one-time codes under parallel requests (%s)', (mode) => {
  // No per-phone request limit in the way: the code's own attempts are what is under test.
  const t = suiteApp(mode, { RATE_LIMIT_PER_PHONE: '100000', OTP_MAX_ATTEMPTS: '5' });

  it(`${BURST} parallel wrong one-time codes: at most OTP_MAX_ATTEMPTS are compared`, async () => {
    const p = await t.signedInPlayer();
    expect((await t.post('/auth/password/reset/request', { phone: p.phone })).statusCode).toBe(200);
    const burst = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        t.post('/auth/password/reset/confirm', {
          phone: p.phone,
          code: String(200_000 + i),
          new_password: 'a-new-password-1',
        }),
      ),
    );
    const compared = burst.filter((r) => ['CODE_INVALID', 'CODE_ATTEMPTS_EXCEEDED'].includes(json(r).code));
    expect(compared.length).toBeLessThanOrEqual(t.env.OTP_MAX_ATTEMPTS);
    expect(burst.every((r) => r.statusCode === 400)).toBe(true);
  });

  it('a one-time code sent twice at once is taken once', async () => {
    const p = await t.signedInPlayer();
    expect((await t.post('/auth/password/reset/request', { phone: p.phone })).statusCode).toBe(200);
    const both = await Promise.all(
      ['a-new-password-1', 'a-new-password-2'].map((new_password) =>
        t.post('/auth/password/reset/confirm', { phone: p.phone, code: t.env.OTP_TEST_CODE, new_password }),
      ),
    );
    expect(codes(both).sort()).toEqual([204, 400]);
  });

  it('codes asked for at once: one is sent, the others wait out the cooldown (429)', async () => {
    const p = await t.signedInPlayer();
    const asked = await Promise.all(
      Array.from({ length: 10 }, () => t.post('/auth/password/reset/request', { phone: p.phone })),
    );
    expect(codes(asked).sort()).toEqual([200, ...Array(9).fill(429)]);
    const sent = await t.app.ctx.database.db
      .selectFrom('otp_codes')
      .select('id')
      .where('phone', '=', p.phone)
      .where('purpose', '=', 'reset')
      .execute();
    expect(sent).toHaveLength(1);
  });
});
