/**
 * A request's rules about its own shape live in its schema (docs/decisions/036): a rule marked
 * `refusal()` answers with its own status and code, alone or with other refusals (the first
 * one's); with any plain shape issue the request is 400 VALIDATION_ERROR. Nothing is written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_MODES, json, type Player, suiteApp } from '../helpers.js';

describe.each(DB_MODES)('refusals in request schemas (%s)', (mode) => {
  const t = suiteApp(mode);
  let p: Player;
  beforeAll(async () => {
    p = await t.signedInPlayer();
  });
  const deposit = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.post('/wallet/deposit', { amount: 100, currency: 'KES', ...body }, { ...p.headers, ...headers });
  const answer = async (res: Awaited<ReturnType<typeof deposit>>) => ({
    status: res.statusCode,
    code: json(res).code,
  });

  it('answers each rule with its own code and status', async () => {
    expect(await answer(await deposit({ amount: 150_001 }))).toEqual({ status: 422, code: 'ABOVE_MAXIMUM' });
    expect(await answer(await deposit({ amount: 10.5 }))).toEqual({
      status: 422,
      code: 'WHOLE_AMOUNT_REQUIRED',
    });
    expect(await answer(await deposit({ currency: 'EUR' }))).toEqual({
      status: 422,
      code: 'UNSUPPORTED_CURRENCY',
    });
    expect(await answer(await deposit({ phone_number: '12' }))).toEqual({
      status: 400,
      code: 'INVALID_PHONE',
    });
    expect(await answer(await deposit({}, { 'idempotency-key': 'short' }))).toEqual({
      status: 400,
      code: 'INVALID_IDEMPOTENCY_KEY',
    });
  });

  it('several refusals: the first one; any other issue: 400 VALIDATION_ERROR; nothing written', async () => {
    const both = await deposit({ amount: 150_000.5, currency: 'USD' });
    expect(await answer(both)).toEqual({ status: 422, code: 'WHOLE_AMOUNT_REQUIRED' });
    expect(json(both).error).toBe('Mobile money amounts must be whole shillings');
    expect(await answer(await deposit({ amount: -5, currency: 'USD' }))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
    expect(await answer(await deposit({ amount: 150_001, extra: 1 }))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
    const list = json(await t.get('/wallet/transactions', p.headers));
    expect(list.transactions).toEqual([]);
  });
});
