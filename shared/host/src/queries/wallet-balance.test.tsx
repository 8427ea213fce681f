import { describe, expect, it } from 'vitest';
import { WALLET_BALANCE_KEY, walletBalanceQuery, walletTotal } from './wallet-balance.tsx';

describe('walletTotal', () => {
  it('sums every pot in the first balance currency without float drift', () => {
    expect(
      walletTotal([
        { balance_type: 'main', amount: 0.1, currency: 'KES' },
        { balance_type: 'withdrawal', amount: 0.2, currency: 'KES' },
        { balance_type: 'bonus', amount: 100.05, currency: 'KES' },
      ]),
    ).toEqual({ cents: 10_035, currency: 'KES' });
  });

  it('is KES 0 with no balances (or a failed fetch)', () => {
    expect(walletTotal(undefined)).toEqual({ cents: 0, currency: 'KES' });
    expect(walletTotal([])).toEqual({ cents: 0, currency: 'KES' });
  });

  it("uses the first balance's currency", () => {
    expect(walletTotal([{ balance_type: 'main', amount: 5, currency: 'USD' }])).toEqual({
      cents: 500,
      currency: 'USD',
    });
  });
});

describe('walletBalanceQuery', () => {
  it('is the one cache entry under the wallet key', () => {
    expect(walletBalanceQuery.queryKey).toEqual(['wallet', 'balance']);
    expect(walletBalanceQuery.queryKey).toBe(WALLET_BALANCE_KEY);
  });
});
