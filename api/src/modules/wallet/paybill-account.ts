/**
 * Paybill account numbers (docs/product-rules.md#deposit): 8 digits, the first never 0 (it would
 * be lost in a spreadsheet or a number field), the last a Luhn check digit. Digits only because
 * the players type them on phone keypads, feature phones included; the check digit turns a
 * mistyped digit or two swapped neighbours into a malformed number (suspense), never into
 * another player's account. 9 million numbers; the column takes up to 12 characters, so the
 * format can grow without a migration.
 */
import { randomInt } from 'node:crypto';

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

export function newAccountNumber(): string {
  let body = String(randomInt(1, 10));
  while (body.length < ACCOUNT_NUMBER_LENGTH - 1) body += String(randomInt(0, 10));
  return body + luhnDigit(body);
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
