/**
 * Tax rates as finance reads and types them: basis points (the API's integers, 500 = 5%) shown as
 * a per cent with two decimals, and a per cent typed by a person ("7.5", "7,5", "10") read back to
 * basis points from the string, never through a float.
 */
import { parseKesToCents } from './money.ts';

/** The highest rate: 100% in basis points. */
export const MAX_RATE_BP = 10_000;

/** 750 → "7.50%" (integer maths: no float rounding). */
export function percentOf(bp: number): string {
  return `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}%`;
}

/** A per cent 0–100 with up to two decimals, in basis points; null when it is not one. */
export function parsePercentToBp(text: string): number | null {
  // A per cent with two decimals is a number of hundredths, as KES with two decimals is of cents.
  const bp = parseKesToCents(text.replace(/%\s*$/, ''));
  return bp === null || bp > MAX_RATE_BP ? null : bp;
}

/** An EAT date and time (a date and a time input) as the API's ISO 8601 with its offset. */
export const eatInstant = (date: string, time: string): string => `${date}T${time.slice(0, 5)}:00+03:00`;
