/**
 * What the operators' side of money (modules/finance) uses of the wallet, and nothing else: the
 * ledger and its wallets, the transactions and their reviews, Paybill payments, and the tax rates
 * the wallet applies. Each is a query or rule of this module, run in the caller's transaction; the
 * rest of the wallet's repositories stay private (.dependency-cruiser.cjs api-module-internals).
 */

export type { PaybillPaymentRow } from './paybill.repository.js';
export { assignPayment, findAccountHolder, findPayment, listSuspense } from './paybill.repository.js';
export type { CallbackRow } from './review.repository.js';
export {
  closeOpen,
  findCallback,
  listLatePayouts,
  listOpenCallbacks,
  listOpenReviews,
  netBooked,
  openReviewOf,
  reviewIdsOf,
} from './review.repository.js';
export type { CancelledRateListed, TaxRateListed, TaxRateRow } from './tax-rates.repository.js';
export {
  deleteScheduledRate,
  findRate,
  insertCancelledRate,
  insertRateOnce,
  isCancelledRate,
  listCancelledRates,
  listRates,
  listRatesWithSetter,
  nameOfPhone,
} from './tax-rates.repository.js';
export { bookingsOf, envRate, providerAmount, rateAt } from './taxes.js';
export type { WalletTxRow } from './transactions.repository.js';
export {
  claimDueTx,
  findTxById,
  reconciliationCounts,
  resolveReviewedTx,
  scheduleNextCheck,
} from './transactions.repository.js';
export { bookEntries, findWallet, InsufficientFundsError } from './wallet.repository.js';
export type { LedgerPot, StaffAdjustmentsTable } from './wallet.tables.js';
