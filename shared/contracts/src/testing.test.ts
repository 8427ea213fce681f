import { describe, expect, it } from 'vitest';
import { checkFixture, fixture, routeOf } from './testing.ts';

const balance = { balance_type: 'main', amount: 10, currency: 'KES' };

describe('contract-checked fixtures', () => {
  it('finds the route of a request, path parameters included', () => {
    expect(routeOf('GET /wallet/balance')).toBe('GET /wallet/balance');
    expect(routeOf('GET /wallet/transactions/tx1')).toBe('GET /wallet/transactions/:id');
    expect(routeOf('GET /wallet/transactions')).toBe('GET /wallet/transactions');
    expect(routeOf('POST /wallet/balance')).toBeUndefined();
    expect(() => checkFixture('GET /wallet/pots', 200, {})).toThrow('the API has no such route');
  });

  it('passes a body the API can send', () => {
    expect(checkFixture('GET /wallet/balance', 200, { balances: [balance] })).toEqual({
      balances: [balance],
    });
    expect(checkFixture('POST /auth/password/reset/confirm', 204, null)).toBeNull();
    expect(checkFixture('POST /wallet/deposit', 422, { error: 'No', code: 'ABOVE_MAXIMUM' })).toBeTruthy();
    expect(fixture('GET /wallet/balance', { balances: [] })).toEqual({ balances: [] });
  });

  it('fails a body with a field missing, of another type, or out of its enum', () => {
    expect(() =>
      checkFixture('GET /wallet/balance', 200, { balances: [{ ...balance, amount: '10' }] }),
    ).toThrow(/balances\[0\]\.amount/);
    expect(() => checkFixture('POST /wallet/deposit', 200, { transaction_id: 't1' })).toThrow(/status/);
    expect(() =>
      checkFixture('GET /wallet/balance', 200, { balances: [{ ...balance, balance_type: 'cash' }] }),
    ).toThrow(/balance_type/);
    expect(() => checkFixture('POST /auth/password/reset/confirm', 204, {})).toThrow(
      /not what the API sends/,
    );
  });

  it('fails a body with a field the API does not send, however deep', () => {
    expect(() =>
      checkFixture('GET /wallet/transactions/tx1', 200, {
        transaction: {
          id: 'tx1',
          type: 'deposit',
          status: 'completed',
          amount: 5,
          currency: 'KES',
          created_at: '2026-03-02T10:15:00.000Z',
          payment_method: 'mobile_money',
          failure_reason: null,
          tax_kind: null,
          tax_amount: 0,
          tax_mode: null,
          net_amount: 5,
          description: 'not in the contract',
        },
      }),
    ).toThrow('fields the API does not send: .transaction.description');
    expect(() =>
      checkFixture('GET /wallet/balance', 200, { balances: [{ ...balance, label: 'Main' }] }),
    ).toThrow('.balances[0].label');
  });

  it('checks an error answer against the error body', () => {
    expect(() => checkFixture('POST /wallet/deposit', 503, { message: 'down' })).toThrow(/error/);
    expect(() => checkFixture('POST /wallet/deposit', 500, { error: 'x', detail: 'y' })).toThrow('.detail');
  });
});
