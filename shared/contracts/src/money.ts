// Plain functions (no zod) the browser can import without pulling in the schema library.

/**
 * Amounts on the wire are numbers with at most two decimals; anything the product adds or
 * compares is done in integer cents, never in floats (0.1 + 0.2 is not 0.3). Formatting for
 * the screen is `@mchezo/i18n/money`'s job.
 */

/** An API amount (at most two decimals) in integer cents. */
export const toCents = (amount: number): number => Math.round(amount * 100);

/** Integer cents as the API's number (the nearest double to n/100, which JSON prints exactly). */
export const fromCents = (cents: number): number => cents / 100;

/**
 * Integer cents as a decimal with two places, written from the integer, never through a float:
 * -12345 → "-123.45", 100000055 → "1000000.55". For files others read (CSV, goAML XML).
 */
export function centsToDecimal(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The sum of API amounts, in cents. */
export const sumCents = (amounts: readonly number[]): number =>
  amounts.reduce((sum, amount) => sum + toCents(amount), 0);

/**
 * An amount typed by a person ("500", "12.5", "12,05") in cents; null when empty, malformed, with
 * more than two decimals, or not above zero.
 */
export function parseAmountCents(input: string): number | null {
  const m = /^(\d+)(?:[.,](\d{0,2}))?$/.exec(input.trim());
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}
