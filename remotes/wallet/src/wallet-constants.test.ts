// Test-only import of the zod contract: it guards the browser-side copies against drift.
import * as contract from '@mchezo/contracts/wallet';
import { describe, expect, it } from 'vitest';
import * as local from './wallet-constants.ts';

describe('wallet constants mirror the contract', () => {
  it('has the same limits, presets, page size and header', () => {
    expect(local.WITHDRAWAL_MIN).toBe(contract.WITHDRAWAL_MIN);
    expect(local.WITHDRAWAL_MAX).toBe(contract.WITHDRAWAL_MAX);
    expect(local.DEPOSIT_PRESETS).toEqual(contract.DEPOSIT_PRESETS);
    expect(local.TRANSACTIONS_PAGE_SIZE).toBe(contract.TRANSACTIONS_DEFAULT_PAGE_SIZE);
    expect(local.IDEMPOTENCY_HEADER.toLowerCase()).toBe(contract.IDEMPOTENCY_HEADER);
  });
});
