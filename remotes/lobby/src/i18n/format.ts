import { formatMoney } from '@mchezo/i18n/money';
import { CURRENCY } from '../data/static-lobby-content.ts';

/** A static amount in cents (KES) as the player reads it: `KSh 12,500.00` in their locale. */
export const formatCents = (cents: number, locale: string): string =>
  formatMoney(cents / 100, CURRENCY, locale);
