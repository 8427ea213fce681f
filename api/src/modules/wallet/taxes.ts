/**
 * Betting taxes (docs/decisions/018-betting-taxes-in-the-ledger.md, README "Taxes"):
 *   - excise duty on a deposit, fixed when it is made, booked when it completes: out of `main`
 *     (`deduct`) or out of the operator's own account (`absorb`), into `tax_excise`;
 *   - withholding tax on a withdrawal, booked with the reserve into `tax_withholding` and
 *     refunded with it when the payout is reversed; the payout is the amount minus the tax.
 * What a transaction books in each status is `bookingsOf`, the one definition the settlement,
 * Paybill and the operators' review resolution all use, so every ledger entry of a transaction
 * sums to the money that came in (deposit) or went out (payout).
 * The rate is the one in force when the transaction is made (`taxAt`: tax_rates by date,
 * docs/decisions/040-tax-rates-by-date.md).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { findRateAt, type TaxRateKind } from './tax-rates.repository.js';
import type { WalletTxRow } from './transactions.repository.js';
import type { WalletConfig } from './wallet.config.js';
import type { LedgerBooking as Booking } from './wallet.repository.js';

type TaxEnv = Pick<WalletConfig, 'TAX_EXCISE_RATE' | 'TAX_EXCISE_MODE' | 'TAX_WITHHOLDING_RATE'>;
export type TaxFields = Pick<WalletTxRow, 'tax_kind' | 'tax_amount' | 'tax_mode'>;
type TaxedTx = Pick<WalletTxRow, 'type' | 'amount'> & TaxFields;

/**
 * `rateBp` basis points of `amount` (minor units), rounded half up to a multiple of `unit`
 * (1 = the cent). Integers only: amount × rate stays far below 2^53 for any wallet amount.
 */
export function taxOf(amount: number, rateBp: number, unit = 1): number {
  return Math.floor((amount * rateBp + unit * 5_000) / (unit * 10_000)) * unit;
}

/** The excise duty a deposit of `amount` carries at `rateBp`: to the cent, half up. */
function depositTax(env: Pick<TaxEnv, 'TAX_EXCISE_MODE'>, amount: number, rateBp: number): TaxFields {
  return { tax_kind: 'excise', tax_amount: taxOf(amount, rateBp), tax_mode: env.TAX_EXCISE_MODE };
}

/**
 * The withholding tax on a withdrawal of `amount` at `rateBp`: half up to the whole shilling,
 * because the M-Pesa payout (amount − tax) must be whole shillings.
 */
function withdrawalTax(amount: number, rateBp: number): TaxFields {
  return { tax_kind: 'withholding', tax_amount: taxOf(amount, rateBp, 100), tax_mode: null };
}

/** The tax a transaction of `type` carries: excise duty on a deposit, withholding on a withdrawal. */
export const taxKindOf = (type: WalletTxRow['type']): TaxRateKind =>
  type === 'deposit' ? 'excise' : 'withholding';

/**
 * The environment's rate of `kind`: the first rate (written as the row at 0 when the app starts
 * and the kind has none), and the rate when no row is in force.
 */
export const envRate = (env: TaxEnv, kind: TaxRateKind): number =>
  kind === 'excise' ? env.TAX_EXCISE_RATE : env.TAX_WITHHOLDING_RATE;

/** The rate of `kind` in force at `at` (epoch ms), in basis points. */
export const rateAt = async (db: Kysely<DB>, env: TaxEnv, kind: TaxRateKind, at: number): Promise<number> =>
  (await findRateAt(db, kind, at)) ?? envRate(env, kind);

/**
 * The tax a `type` transaction of `amount` made at `at` carries, at the rate in force then (read
 * in the caller's database transaction, which writes the transaction with it).
 */
export async function taxAt(
  db: Kysely<DB>,
  env: TaxEnv,
  type: WalletTxRow['type'],
  amount: number,
  at: number,
): Promise<{ rateBp: number; tax: TaxFields }> {
  const rateBp = await rateAt(db, env, taxKindOf(type), at);
  return {
    rateBp,
    tax: type === 'deposit' ? depositTax(env, amount, rateBp) : withdrawalTax(amount, rateBp),
  };
}

/** What reaches the wallet (deposit) or the phone (withdrawal). */
export function netOf(tx: TaxedTx): number {
  if (tx.type === 'withdrawal') return tx.amount - tx.tax_amount;
  return tx.tax_mode === 'absorb' ? tx.amount : tx.amount - tx.tax_amount;
}

/** The amount asked of, and reported by, the payment provider. */
export const providerAmount = (tx: TaxedTx) => (tx.type === 'withdrawal' ? netOf(tx) : tx.amount);

/** Every entry a transaction has booked once it is in `status` (and none when it moved no money). */
export function bookingsOf(tx: TaxedTx, status: WalletTxRow['status']): Booking[] {
  const tax = tx.tax_amount;
  if (tx.type === 'deposit') {
    if (status !== 'completed') return [];
    const out: Booking[] = [{ pot: 'main', amount: tx.amount, kind: 'deposit' }];
    if (tax > 0)
      out.push(
        { pot: tx.tax_mode === 'absorb' ? 'operator' : 'main', amount: -tax, kind: 'excise_duty' },
        { pot: 'tax_excise', amount: tax, kind: 'excise_duty' },
      );
    return out;
  }
  if (status === 'failed' || status === 'reversed') return [];
  const out: Booking[] = [{ pot: 'withdrawal', amount: -tx.amount, kind: 'withdrawal' }];
  if (tax > 0) out.push({ pot: 'tax_withholding', amount: tax, kind: 'withholding_tax' });
  return out;
}

/** The entries that undo a withdrawal's reserve and tax when its payout is reversed. */
export const reversalOf = (tx: TaxedTx): Booking[] =>
  bookingsOf(tx, 'pending').map((b) => ({
    pot: b.pot,
    amount: -b.amount,
    kind: b.kind === 'withdrawal' ? 'withdrawal_reversal' : 'withholding_tax_refund',
  }));
