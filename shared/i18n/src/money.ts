/**
 * Amounts on screen: locale digits, the product's currency symbol (KSh for KES, as players in
 * Kenya write it) and always two decimals. Input is the API's number with at most two decimals.
 */
import { numberFormat } from './intl.ts';

const SYMBOLS: Record<string, string> = { KES: 'KSh', USD: '$', EUR: '€' };

export function currencySymbol(code: string): string {
  return SYMBOLS[code] ?? code;
}

const TWO_DECIMALS = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

export function formatAmount(amount: number, locale: string): string {
  return numberFormat(locale, TWO_DECIMALS).format(amount);
}

export function formatMoney(amount: number, currency: string, locale: string): string {
  return `${currencySymbol(currency)} ${formatAmount(amount, locale)}`;
}
