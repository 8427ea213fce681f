/**
 * The taxes the e2e server books: the API's defaults (decision 018), 5% excise duty deducted
 * from each deposit (half up to the cent) and 5% withholding tax on each withdrawal (half up to
 * the whole shilling). Worked out here on their own, so a spec checks the API's arithmetic
 * instead of repeating it.
 */
const EXCISE_BP = 500;
const WITHHOLDING_BP = 500;

const cents = (amount: number) => Math.round(amount * 100);
const halfUp = (minor: number, bp: number, unit: number) =>
  Math.floor((minor * bp + unit * 5_000) / (unit * 10_000)) * unit;

/** The excise duty on a deposit of `amount` (KES). */
export const exciseOf = (amount: number): number => halfUp(cents(amount), EXCISE_BP, 1) / 100;
/** What a deposit of `amount` puts in the wallet: the amount less the duty. */
export const creditOf = (amount: number): number => (cents(amount) - cents(exciseOf(amount))) / 100;
/** The withholding tax on a withdrawal of `amount` (KES). */
export const withholdingOf = (amount: number): number => halfUp(cents(amount), WITHHOLDING_BP, 100) / 100;
/** What a withdrawal of `amount` sends to the phone. */
export const payoutOf = (amount: number): number => (cents(amount) - cents(withholdingOf(amount))) / 100;
