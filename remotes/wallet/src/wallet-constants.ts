/**
 * The wallet's business constants (spec §9, decisions.md "Wallet").
 *
 * The first five mirror `shared/contracts/src/wallet.ts` (WITHDRAWAL_MIN, WITHDRAWAL_MAX,
 * DEPOSIT_PRESETS, TRANSACTIONS_DEFAULT_PAGE_SIZE, IDEMPOTENCY_HEADER). That file imports zod,
 * so browser code may not import values from it: keep these equal to the contract until they
 * move to a zod-free contract file.
 */
export const WITHDRAWAL_MIN = 100;
export const WITHDRAWAL_MAX = 150_000;
export const DEPOSIT_PRESETS = [100, 200, 500, 1000, 2000, 5000] as const;
export const TRANSACTIONS_PAGE_SIZE = 10;
/** The contract spells it lower-case; HTTP header names are case-insensitive. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Spec §9; not in the contract (screen constants). */
export const TRANSACTIONS_LIST_HEIGHT_PX = 500;
export const BALANCE_REFRESH_DELAY_MS = 2000;
export const DEPOSIT_FAILED_NOTICE_DELAY_MS = 2000;
/**
 * While a request is pending its status is read again this often: quickly at first (the
 * simulator settles in seconds, an STK prompt in under a minute), then gently.
 */
export const FOLLOW_FAST_INTERVAL_MS = 2000;
/** 30 reads at 2 s: the first minute. */
export const FOLLOW_FAST_READS = 30;
export const FOLLOW_SLOW_INTERVAL_MS = 10_000;

/**
 * Paybill contacts (spec §2 Deposit: "contact via WhatsApp or mobile"). The same support line
 * as the shell's footer; the host config does not carry support contacts yet.
 */
export const PAYBILL_CONTACT = {
  whatsapp: { display: '+254 700 000 000', href: 'https://wa.me/254700000000' },
  mobile: { display: '+254 700 000 000', href: 'tel:+254700000000' },
} as const;

/** The only currency mobile money moves (the API refuses others); used until a balance says otherwise. */
export const FALLBACK_CURRENCY = 'KES';
