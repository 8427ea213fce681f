/**
 * The wallet screens' own numbers: timings, sizes and contacts of these screens. The business
 * rules (withdrawal limits, deposit presets, page size, the Idempotency-Key header, the pots)
 * are the contract's: `@mchezo/contracts/wallet-constants`.
 */

export const TRANSACTIONS_LIST_HEIGHT_PX = 500;
/** After a deposit or withdrawal request the balance is read again this much later. */
export const BALANCE_REFRESH_DELAY_MS = 2000;
/** A deposit the provider refused at once is announced this much later. */
export const DEPOSIT_FAILED_NOTICE_DELAY_MS = 2000;
/**
 * While a request is pending its status is read again this often: quickly at first (the
 * simulator settles in seconds, an STK prompt in under a minute), then gently.
 */
export const FOLLOW_FAST_INTERVAL_MS = 2000;
/** 30 reads at 2 s: the first minute. */
export const FOLLOW_FAST_READS = 30;
export const FOLLOW_SLOW_INTERVAL_MS = 10_000;

/** The tax preview is asked for once the typed amount has not changed for this long. */
export const TAX_PREVIEW_DEBOUNCE_MS = 300;
