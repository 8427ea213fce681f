/**
 * No account enumeration through the one-time-code endpoints (docs/product-rules.md#one-time-codes):
 * a confirmation answers an unknown, a verified and a suspended phone exactly as it answers an
 * account's wrong or missing code, and a code request answers every phone alike.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_MODES, freshPhone, suiteApp } from '../../helpers.js';

/** What a client sees of an answer. */
const seen = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json() as unknown });

const NO_CODE = {
  status: 400,
  body: { error: 'No active code for this phone. Request a new code.', code: 'CODE_NOT_FOUND' },
};
const WRONG_CODE = { status: 400, body: { error: 'Invalid verification code', code: 'CODE_INVALID' } };

describe.each(DB_MODES)('one-time codes tell nobody whether a phone has an account (%s)', (mode) => {
  const t = suiteApp(mode);
  /** One phone of each kind: no account, verified, suspended, and one waiting for its code. */
  const phones = { unknown: freshPhone(), verified: '', suspended: '', pending: freshPhone() };
  beforeAll(async () => {
    phones.verified = (await t.signedInPlayer()).phone;
    const suspended = await t.signedInPlayer();
    await t.app.ctx.database.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('id', '=', suspended.userId)
      .execute();
    phones.suspended = suspended.phone;
    expect(
      (await t.post('/auth/register', { phone: phones.pending, password: 'password1' })).statusCode,
    ).toBe(201);
  });
  const others = () => [phones.unknown, phones.verified, phones.suspended];

  it('verify/confirm: the same answer for an unknown, a verified and a suspended phone as for a missing code', async () => {
    for (const phone of [...others(), phones.pending]) {
      expect(seen(await t.post('/auth/verify/confirm', { phone, code: '123456' })), phone).toEqual(NO_CODE);
    }
  });

  it('verify/request answers alike; then the code confirms only the account waiting for it', async () => {
    t.clock.advance(61_000); // past the resend cooldown of the codes asked for at sign-up
    const answers = [];
    for (const phone of [...others(), phones.pending])
      answers.push(seen(await t.post('/auth/verify/request', { phone })));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]?.status).toBe(200);

    const wrong = seen(await t.post('/auth/verify/confirm', { phone: phones.pending, code: '000000' }));
    expect(wrong).toEqual(WRONG_CODE);
    for (const phone of others()) {
      // The test code itself: an account that is not waiting for it answers as a wrong code does.
      expect(seen(await t.post('/auth/verify/confirm', { phone, code: '123456' })), phone).toEqual(
        WRONG_CODE,
      );
    }
    const ok = await t.post('/auth/verify/confirm', { phone: phones.pending, code: '123456' });
    expect(ok.statusCode).toBe(200);
    // Now verified: a second confirmation is refused like any spent code, not with a 409.
    expect(seen(await t.post('/auth/verify/confirm', { phone: phones.pending, code: '123456' }))).toEqual(
      NO_CODE,
    );
  });

  it('password reset: an unknown or suspended phone answers like an account, asked for or not', async () => {
    const confirm = (phone: string, code = '123456') =>
      t.post('/auth/password/reset/confirm', { phone, code, new_password: 'another-password' });
    const account = phones.verified;
    for (const phone of [phones.unknown, phones.suspended, account])
      expect(seen(await confirm(phone)), phone).toEqual(NO_CODE);
    const asked = [];
    for (const phone of [phones.unknown, phones.suspended, account])
      asked.push(seen(await t.post('/auth/password/reset/request', { phone })));
    expect(new Set(asked.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(seen(await confirm(account, '000000'))).toEqual(WRONG_CODE);
    for (const phone of [phones.unknown, phones.suspended])
      expect(seen(await confirm(phone)), phone).toEqual(WRONG_CODE);
  });
});
