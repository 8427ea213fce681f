// Plain values (no zod) the browser can import without pulling in the schema library.

/** The pots of a wallet, in the order the balance answer lists them. */
export const BALANCE_TYPES = ['main', 'withdrawal', 'bonus'] as const;

export const WITHDRAWAL_MIN = 100;
export const WITHDRAWAL_MAX = 150_000;
/** The most one mobile-money deposit may be, in KES. */
export const DEPOSIT_MAX = 150_000;
export const DEPOSIT_PRESETS = [100, 200, 500, 1000, 2000, 5000] as const;
export const TRANSACTIONS_DEFAULT_PAGE_SIZE = 10;
export const TRANSACTIONS_MAX_PAGE_SIZE = 100;
/** Header carried by every money-moving call; the same key never moves money twice. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
