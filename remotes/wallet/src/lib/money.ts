/**
 * Money on the wallet screens. The API speaks numbers with at most two decimals; everything
 * the screens compare or add is done in integer cents (decisions.md: no float arithmetic).
 */
import { numberFormat } from '@mchezo/i18n/intl';
import { currencySymbol, formatMoney } from '@mchezo/i18n/money';

/** An API amount (at most two decimals) in integer cents. */
export const toCents = (amount: number): number => Math.round(amount * 100);

/** Integer cents as the API's number (the nearest double to n/100, which JSON prints exactly). */
export const fromCents = (cents: number): number => cents / 100;

/** What the amount field accepts while typing: digits, then one '.' or ',' and up to two decimals. */
const AMOUNT_INPUT = /^\d{0,9}(?:[.,]\d{0,2})?$/;

/** The field's next value, or null to refuse the keystroke (so "1,000" cannot silently become 1). */
export function acceptAmountInput(next: string): string | null {
  const trimmed = next.trim();
  return AMOUNT_INPUT.test(trimmed) ? trimmed : null;
}

/** The typed amount in cents; null when empty or not a positive amount. */
export function parseAmountCents(input: string): number | null {
  const m = /^(\d+)(?:[.,](\d{0,2}))?$/.exec(input.trim());
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

/** Sum of API amounts, in cents. */
export const sumCents = (amounts: readonly number[]): number => amounts.reduce((s, a) => s + toCents(a), 0);

/** "1,000": a whole amount in locale digits. */
export const formatWholeNumber = (amount: number, locale: string): string =>
  numberFormat(locale, { maximumFractionDigits: 0 }).format(amount);

/** "KSh 1,000": a whole amount (presets, limits) without the decimals, which the buttons have no room for. */
export const formatWhole = (amount: number, currency: string, locale: string): string =>
  `${currencySymbol(currency)} ${formatWholeNumber(amount, locale)}`;

/** "+KSh 500.00" for money in, "-KSh 500.00" for money out (spec §2 Transactions). */
export function formatSigned(amount: number, currency: string, locale: string, incoming: boolean): string {
  return `${incoming ? '+' : '-'}${formatMoney(Math.abs(amount), currency, locale)}`;
}
