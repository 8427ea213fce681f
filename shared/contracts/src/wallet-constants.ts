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

/**
 * Paybill account numbers (docs/product-rules.md#deposit): 8 digits, the first never 0 (it would
 * be lost in a spreadsheet or a number field), the last a Luhn check digit. Digits only because
 * the players type them on phone keypads, feature phones included; the check digit turns a
 * mistyped digit or two swapped neighbours into a malformed number (suspense), never into
 * another player's account.
 */
export const ACCOUNT_NUMBER_LENGTH = 8;

/** The Luhn check digit of a string of digits. */
export function luhnDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * What a payer typed as the account (BillRefNumber), as an account number: spaces, dashes and
 * dots dropped, letters upper-cased; null when it is not a well-formed account number.
 */
export function readAccountNumber(billRef: unknown): string | null {
  if (typeof billRef !== 'string' && typeof billRef !== 'number') return null;
  const value = String(billRef)
    .replace(/[\s.-]/g, '')
    .toUpperCase();
  if (!/^[1-9]\d+$/.test(value) || value.length !== ACCOUNT_NUMBER_LENGTH) return null;
  return luhnDigit(value.slice(0, -1)) === value.slice(-1) ? value : null;
}
