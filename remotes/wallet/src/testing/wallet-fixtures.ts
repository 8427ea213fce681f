/**
 * Test helpers for the wallet's component tests (never imported by the pages). Bodies are typed
 * by the contract here, and checked against its schemas by `stubApi` when a test answers with them.
 */
import type { BalanceResponse, Transaction } from '@mchezo/contracts/wallet';

export const balances = (main: number, withdrawal: number, bonus = 0): BalanceResponse => ({
  balances: [
    { balance_type: 'main', amount: main, currency: 'KES' },
    { balance_type: 'withdrawal', amount: withdrawal, currency: 'KES' },
    { balance_type: 'bonus', amount: bonus, currency: 'KES' },
  ],
});

export const tx = (id: string, over: Partial<Transaction> = {}): Transaction => ({
  id,
  type: 'deposit',
  status: 'completed',
  amount: 500,
  currency: 'KES',
  created_at: '2026-03-02T10:15:00.000Z',
  payment_method: 'mobile_money',
  failure_reason: null,
  tax_kind: null,
  tax_amount: 0,
  tax_mode: null,
  net_amount: over.amount ?? 500,
  ...over,
});

/**
 * Holds every fetch until `release()` (installed over the stub from `stubApi`), so a test can
 * see a busy state: the button text while a request is in flight.
 */
export function holdFetch() {
  const inner = globalThis.fetch;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  globalThis.fetch = ((...args: Parameters<typeof fetch>) => gate.then(() => inner(...args))) as typeof fetch;
  return { release };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
