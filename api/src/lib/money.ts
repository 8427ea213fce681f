/** API numbers (at most two decimals) <-> integer minor units. No float arithmetic on stored money. */
export const toMinor = (amount: number): number => Math.round(amount * 100);
export const fromMinor = (minor: number): number => minor / 100;
