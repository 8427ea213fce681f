/**
 * The wallet's own amount formats, on top of `@mchezo/i18n/money` (symbol, locale digits).
 * Arithmetic on amounts is `@mchezo/contracts/money`'s (integer cents).
 */
import { numberFormat } from '@mchezo/i18n/intl';
import { currencySymbol, formatMoney } from '@mchezo/i18n/money';

/** "1,000": a whole amount in locale digits. */
export const formatWholeNumber = (amount: number, locale: string): string =>
  numberFormat(locale, { maximumFractionDigits: 0 }).format(amount);

/** "KSh 1,000": a whole amount (presets, limits) without the decimals, which the buttons have no room for. */
export const formatWhole = (amount: number, currency: string, locale: string): string =>
  `${currencySymbol(currency)} ${formatWholeNumber(amount, locale)}`;

/** "+KSh 500.00" for money in, "-KSh 500.00" for money out (the transaction cards). */
export function formatSigned(amount: number, currency: string, locale: string, incoming: boolean): string {
  return `${incoming ? '+' : '-'}${formatMoney(Math.abs(amount), currency, locale)}`;
}

/** "KSh 50.00" that never breaks between the symbol and the digits, for amounts inside a sentence. */
export const formatMoneyInText = (amount: number, currency: string, locale: string): string =>
  formatMoney(amount, currency, locale).replace(' ', '\u00A0');
