/**
 * What is wrong with an amount typed for a mobile-money payment (docs/product-rules.md#deposit,
 * #withdraw), checked as the player types: mobile money moves whole shillings, above zero, up to
 * a maximum per payment. An empty field is not wrong yet (submitting it says so).
 */
import { parseAmountCents } from '@mchezo/contracts/money';

export type AmountProblem = 'format' | 'positive' | 'whole' | 'min' | 'max' | 'balance';

export interface AmountLimits {
  /** KES. */
  min?: number;
  /** KES. */
  max: number;
  /** What may be spent, in cents; null while unknown. */
  availableCents?: number | null;
}

export function amountProblem(text: string, limits: AmountLimits): AmountProblem | null {
  const typed = text.trim();
  if (typed === '') return null;
  if (typed.startsWith('-') || /^0*(?:[.,]0*)?$/.test(typed)) return 'positive';
  const cents = parseAmountCents(typed);
  if (cents === null) return 'format';
  if (cents % 100 !== 0) return 'whole';
  if (limits.min !== undefined && cents < limits.min * 100) return 'min';
  if (cents > limits.max * 100) return 'max';
  if (limits.availableCents != null && cents > limits.availableCents) return 'balance';
  return null;
}
