import { WITHDRAWAL_MIN } from '@mchezo/contracts/wallet-constants';
import type { AmountLimits, AmountProblem } from './amount-check.ts';
import { formatWhole, formatWholeNumber } from './format-money.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The words for what is wrong with a typed amount ('' when nothing is). */
export function amountProblemText(
  t: Translate,
  locale: string,
  action: 'deposit' | 'withdraw',
  problem: AmountProblem | null,
  currency: string,
  limits: AmountLimits,
): string {
  switch (problem) {
    case null:
      return '';
    case 'format':
    case 'positive':
    case 'whole':
      return t(`amountCheck.${problem}`);
    case 'max':
      return t(`${action}.max`, { amount: formatWhole(limits.max, currency, locale) });
    case 'min':
      return t('withdraw.min', { currency, min: formatWholeNumber(limits.min ?? WITHDRAWAL_MIN, locale) });
    case 'balance':
      return t('withdraw.insufficient');
  }
}
