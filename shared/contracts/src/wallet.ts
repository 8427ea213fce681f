import { z } from 'zod';
import { normalizePhone } from './auth-constants.ts';
import { refusal } from './errors.ts';
import {
  BALANCE_TYPES,
  DEPOSIT_MAX,
  IDEMPOTENCY_HEADER,
  TRANSACTIONS_MAX_PAGE_SIZE,
  WITHDRAWAL_MAX,
  WITHDRAWAL_MIN,
} from './wallet-constants.ts';

export {
  BALANCE_TYPES,
  DEPOSIT_MAX,
  DEPOSIT_PRESETS,
  IDEMPOTENCY_HEADER,
  TRANSACTIONS_DEFAULT_PAGE_SIZE,
  TRANSACTIONS_MAX_PAGE_SIZE,
  WITHDRAWAL_MAX,
  WITHDRAWAL_MIN,
} from './wallet-constants.ts';

export const BalanceType = z.enum(BALANCE_TYPES);
export type BalanceType = z.infer<typeof BalanceType>;

export const Currency = z.enum(['KES', 'USD', 'EUR']);
export type Currency = z.infer<typeof Currency>;

/** A money amount on the wire: a number with at most two decimals (stored as integer cents). */
export const Amount = z
  .number({ error: 'Amount must be a number' })
  .positive('Amount must be greater than 0')
  .max(10_000_000)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Amount may have at most two decimals');

export const Balance = z.object({
  balance_type: BalanceType,
  amount: z.number(),
  currency: z.string(),
});
export type Balance = z.infer<typeof Balance>;

/** GET /wallet/balance: main first, then withdrawal, then bonus. */
export const BalanceResponse = z.object({ balances: z.array(Balance) });
export type BalanceResponse = z.infer<typeof BalanceResponse>;

/** Mobile money moves whole shillings (M-Pesa), in KES only. */
const MobileMoneyAmount = Amount.refine(
  Number.isInteger,
  refusal('Mobile money amounts must be whole shillings', 'WHOLE_AMOUNT_REQUIRED'),
);
const kes = (n: number) => n.toLocaleString('en-US');

/**
 * A deposit or withdrawal: its amount rules are the schema's (422 with their codes); the rules
 * that need the player's account (their own phone, limits, balance) are the API's.
 */
const mobileMoneyRequest = (amount: z.ZodType<number>) =>
  z.strictObject({
    amount,
    currency: Currency.refine(
      (c) => c === 'KES',
      refusal('Mobile money payments are in KES only', 'UNSUPPORTED_CURRENCY'),
    ),
    /**
     * Money moves only to and from the player's own verified phone (docs/decisions/033): omitted
     * means that phone; any form of it (+2547…, 07…) is accepted, another number is 403 PHONE_NOT_OWN.
     */
    phone_number: z
      .string()
      .trim()
      .min(1, 'Phone number is required')
      .max(32)
      .regex(/^[+\d\s\-().]+$/, 'Phone may contain only digits, spaces and plus')
      .refine(
        (p) => normalizePhone(p) !== null,
        refusal('Enter a valid mobile money phone number', 'INVALID_PHONE', 400),
      )
      .optional(),
  });

/** POST /wallet/deposit (authenticated, Idempotency-Key header); at most 150,000. */
export const DepositRequest = mobileMoneyRequest(
  MobileMoneyAmount.refine(
    (n) => n <= DEPOSIT_MAX,
    refusal(`Maximum deposit amount is KES ${kes(DEPOSIT_MAX)}`, 'ABOVE_MAXIMUM'),
  ),
);
export type DepositRequest = z.infer<typeof DepositRequest>;

export const TransactionStatus = z.enum(['pending', 'completed', 'failed', 'reversed']);
export type TransactionStatus = z.infer<typeof TransactionStatus>;

export const DepositResponse = z.object({ transaction_id: z.string(), status: TransactionStatus });
export type DepositResponse = z.infer<typeof DepositResponse>;

/** POST /wallet/withdraw (authenticated, Idempotency-Key header); min 100, max 150,000. */
export const WithdrawRequest = mobileMoneyRequest(
  MobileMoneyAmount.refine(
    (n) => n >= WITHDRAWAL_MIN,
    refusal(`Minimum withdrawal amount is KES ${kes(WITHDRAWAL_MIN)}`, 'BELOW_MINIMUM'),
  ).refine(
    (n) => n <= WITHDRAWAL_MAX,
    refusal(`Maximum withdrawal amount is KES ${kes(WITHDRAWAL_MAX)}`, 'ABOVE_MAXIMUM'),
  ),
);
export type WithdrawRequest = z.infer<typeof WithdrawRequest>;

/**
 * The headers of a money-moving call: the same key, the same request, the money moves once.
 * Other headers pass through untouched.
 */
export const IdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .refine(
      (key) => /^[A-Za-z0-9_\-:.]{8,128}$/.test(key),
      refusal(
        'Idempotency-Key must be 8-128 characters of letters, digits, - _ : .',
        'INVALID_IDEMPOTENCY_KEY',
        400,
      ),
    )
    .optional()
    .describe('Same key, same request: the money moves once and the first answer is repeated.'),
});
export type IdempotencyHeaders = z.infer<typeof IdempotencyHeaders>;

export const WithdrawResponse = z.object({ transaction_id: z.string(), status: TransactionStatus });
export type WithdrawResponse = z.infer<typeof WithdrawResponse>;

export const TransactionType = z.enum(['deposit', 'withdrawal']);
export type TransactionType = z.infer<typeof TransactionType>;

/** How the money moved: an STK push / B2C payout (`mobile_money`) or a Paybill payment (`paybill`). */
export const PAYMENT_METHODS = ['mobile_money', 'paybill'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const TAX_KINDS = ['excise', 'withholding'] as const;
export const TaxKind = z.enum(TAX_KINDS);
export type TaxKind = z.infer<typeof TaxKind>;

export const Transaction = z.object({
  id: z.string(),
  type: TransactionType,
  status: TransactionStatus,
  amount: z.number(),
  currency: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  payment_method: PaymentMethod,
  /** Why it failed or was reversed, when it did. */
  failure_reason: z.string().nullable(),
  /** The tax it carries: excise duty on a deposit, withholding tax on a withdrawal; null: none. */
  tax_kind: TaxKind.nullable(),
  /** `amount` stays the gross; 0 when untaxed. */
  tax_amount: z.number(),
  /** Excise only: `deduct` (out of the deposit) or `absorb` (the operator paid it); null otherwise. */
  tax_mode: z.enum(['deduct', 'absorb']).nullable(),
  /** What reaches the wallet (deposit) or the phone (withdrawal). */
  net_amount: z.number(),
});
export type Transaction = z.infer<typeof Transaction>;

/** GET /wallet/transactions?page_size&page_token&type (authenticated) */
export const TransactionsQuery = z.strictObject({
  page_size: z.coerce.number().int().min(1).max(TRANSACTIONS_MAX_PAGE_SIZE).optional(),
  page_token: z.string().min(1).max(200).optional(),
  type: TransactionType.optional(),
});
export type TransactionsQuery = z.infer<typeof TransactionsQuery>;

export const TransactionsResponse = z.object({
  transactions: z.array(Transaction),
  next_page_token: z.string().nullable(),
});
export type TransactionsResponse = z.infer<typeof TransactionsResponse>;

/** GET /wallet/transactions/:id (authenticated): follow a pending transaction until it settles. */
export const TransactionParams = z.strictObject({ id: z.string().min(1).max(64) });
export const TransactionResponse = z.object({ transaction: Transaction });
export type TransactionResponse = z.infer<typeof TransactionResponse>;

/**
 * GET /wallet/paybill (authenticated): where a player pays by Paybill (Lipa na M-Pesa → Pay Bill):
 * the business number and the player's own account number (8 digits, docs/product-rules.md#deposit).
 */
export const PaybillResponse = z.object({
  paybill_number: z.string(),
  account_number: z.string(),
});
export type PaybillResponse = z.infer<typeof PaybillResponse>;

/**
 * GET /wallet/tax-preview?type=deposit|withdrawal&amount= (authenticated): what a request of
 * `amount` would carry in tax and what would arrive, at today's rates, before the player confirms.
 */
export const TaxPreviewQuery = z.strictObject({
  type: TransactionType,
  amount: z.coerce.number().pipe(Amount),
});
export type TaxPreviewQuery = z.infer<typeof TaxPreviewQuery>;

export const TaxPreviewResponse = z.object({
  type: TransactionType,
  amount: z.number(),
  currency: z.string(),
  tax_kind: TaxKind,
  /** Basis points: 500 = 5%. */
  tax_rate_bp: z.number().int(),
  /** Excise only: `deduct` (out of the deposit) or `absorb` (the operator pays it); null otherwise. */
  tax_mode: z.enum(['deduct', 'absorb']).nullable(),
  tax_amount: z.number(),
  /** What reaches the wallet (deposit) or the phone (withdrawal). */
  net_amount: z.number(),
});
export type TaxPreviewResponse = z.infer<typeof TaxPreviewResponse>;
