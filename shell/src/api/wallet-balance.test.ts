import { describe, expect, it } from 'vitest';
import { headerTotal } from './wallet-balance.ts';

describe('headerTotal', () => {
  it('sums every pot in the first balance currency without float drift', () => {
    expect(
      headerTotal({
        balances: [
          { balance_type: 'main', amount: 0.1, currency: 'KES' },
          { balance_type: 'withdrawal', amount: 0.2, currency: 'KES' },
          { balance_type: 'bonus', amount: 100.05, currency: 'KES' },
        ],
      }),
    ).toEqual({ amount: 100.35, currency: 'KES' });
  });

  it('is KES 0 with no balances (or a failed fetch)', () => {
    expect(headerTotal(undefined)).toEqual({ amount: 0, currency: 'KES' });
    expect(headerTotal({ balances: [] })).toEqual({ amount: 0, currency: 'KES' });
  });

  it("uses the first balance's currency", () => {
    expect(headerTotal({ balances: [{ balance_type: 'main', amount: 5, currency: 'USD' }] })).toEqual({
      amount: 5,
      currency: 'USD',
    });
  });
});
