import { z } from 'zod';
import { refusal } from './errors.ts';
import { isCalendarDate } from './identity-constants.ts';
import { JsonValue } from './json.ts';
import { parseAmountCents } from './money.ts';
import { TaxKind } from './wallet.ts';
import { readAccountNumber } from './wallet-constants.ts';

/**
 * `/api/v1/payments/…`: what payment providers call (callbacks, M-Pesa C2B), the operators' calls
 * (the finance role: the review queue, the audit, the tax report; `/api/v1/finance/tax-rates`, the tax
 * rates by date) and the simulator's test controls. Provider bodies keep the provider's own field names: the STK and B2C callbacks are
 * read by the provider's adapter (api/src/adapters/payments), the M-Pesa C2B payment by its schema
 * here (`C2bPayment`).
 */

/** The kinds of provider callback, the last path segment before our transaction id. */
export const CALLBACK_KINDS = ['deposit', 'payout', 'payout-timeout', 'payout-status'] as const;
export type CallbackKind = (typeof CALLBACK_KINDS)[number];

/** The provider's name and the secret path segment that authenticates it. */
const providerPath = { provider: z.string().max(32), secret: z.string().max(200) };
const Id = z.string().regex(/^[0-9a-f-]{8,64}$/, 'must be an id');

/** POST /payments/callbacks/:provider/:secret/:kind */
export const CallbackParams = z.strictObject({ ...providerPath, kind: z.enum(CALLBACK_KINDS) });
export type CallbackParams = z.infer<typeof CallbackParams>;
/** POST /payments/callbacks/:provider/:secret/:kind/:tx: our transaction id ends the URL adapters give. */
export const CallbackTxParams = CallbackParams.extend({
  tx: z.string().regex(/^[0-9a-f-]{8,64}$/, 'must be a transaction id'),
});

/** POST /payments/c2b/:provider/:secret/:kind (M-Pesa C2B confirmation and validation). */
export const C2bParams = z.strictObject({ ...providerPath, kind: z.enum(['confirmation', 'validation']) });

/** More than M-Pesa lets anyone send at once: a bigger amount is a malformed body. */
const C2B_MAX_AMOUNT_CENTS = 100_000_000;
const C2bText = z.union([z.string(), z.number()]).transform((v) => String(v).trim());

/**
 * The body of those calls: Daraja's C2B confirmation (and validation), read by the paybill
 * service (the route takes any body: a validation call is answered in Daraja's own result codes).
 * Unknown fields (TransTime, InvoiceNumber, OrgAccountBalance, ThirdPartyTransID, names…) are
 * kept in the stored body only. `TransAmount` comes out in cents.
 */
export const C2bPayment = z.looseObject({
  TransactionType: z.string().max(64).optional(),
  TransID: z.string().regex(/^[A-Za-z0-9]{6,32}$/, 'an M-Pesa transaction id'),
  /** "10.00" as Daraja sends it, or a number: at most two decimals, above zero. */
  TransAmount: C2bText.transform((v, c) => {
    const cents = parseAmountCents(v);
    if (cents === null || cents > C2B_MAX_AMOUNT_CENTS || /,/.test(v)) {
      c.addIssue({ code: 'custom', message: 'an amount above zero with at most two decimals' });
      return z.NEVER;
    }
    return cents;
  }),
  BusinessShortCode: C2bText.pipe(z.string().regex(/^\d{5,12}$/, 'a shortcode')),
  BillRefNumber: C2bText.pipe(z.string().max(64)).optional(),
  /** E.164 without plus in the sandbox; masked or hashed in production. */
  MSISDN: C2bText.pipe(z.string().max(128)),
});
export type C2bPayment = z.infer<typeof C2bPayment>;

/** What we answer M-Pesa's C2B validation and confirmation: `0`/Accepted or a C2B000nn rejection. */
export const C2bAnswer = z.object({ ResultCode: z.string(), ResultDesc: z.string() });

/**
 * What we answer a payment callback: the provider's own acknowledgement (Daraja's
 * `{ResultCode, ResultDesc}`, the simulator's `{ok}`), any JSON the adapter gives.
 */
export const CallbackAck = JsonValue;
export type CallbackAck = z.infer<typeof CallbackAck>;

// ---- Operators (the finance role) ----

const Note = z.string().trim().min(3, 'Say why in a note (3 characters or more)').max(500);

/** GET /finance/review?limit, GET /finance/audit?limit */
export const OperatorListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type OperatorListQuery = z.infer<typeof OperatorListQuery>;

/** JSON kept as it was stored or received: a provider's body, what was expected and reported. */
export const StoredJson = JsonValue.nullable();
export type StoredJson = z.infer<typeof StoredJson>;

/** A transaction in review: the provider's answer contradicted what we had, or never came. */
export const ReviewTransaction = z.object({
  transaction_id: z.string(),
  review_id: z.string(),
  type: z.enum(['deposit', 'withdrawal']),
  /** AMOUNT_MISMATCH | PHONE_MISMATCH | CONTRADICTS_SETTLED | UNRESOLVED */
  reason: z.string(),
  status_before: z.string(),
  amount: z.number(),
  currency: z.string(),
  phone_number: z.string(),
  provider: z.string(),
  provider_ref: z.string().nullable(),
  user_id: z.string(),
  expected: StoredJson,
  reported: StoredJson,
  raw_callback: StoredJson,
  created_at: z.string(),
  review_created_at: z.string(),
});
/** A provider callback that settled nothing (no such transaction, or the wrong kind), kept. */
export const ReviewCallback = z.object({
  callback_id: z.string(),
  provider: z.string(),
  kind: z.string(),
  reason: z.enum(['NO_TRANSACTION', 'WRONG_KIND']),
  provider_ref: z.string().nullable(),
  transaction_id: z.string().nullable(),
  body: StoredJson,
  received_at: z.string(),
});
/** A withdrawal still pending past PAYOUT_GUARANTEE_MINUTES. */
export const LatePayout = z.object({
  transaction_id: z.string(),
  user_id: z.string(),
  amount: z.number(),
  currency: z.string(),
  phone_number: z.string(),
  provider: z.string(),
  provider_ref: z.string().nullable(),
  created_at: z.string(),
  age_minutes: z.number().int(),
  guarantee_minutes: z.number().int(),
});
/** A Paybill payment no player's account number matched (suspense). */
export const PaybillSuspenseItem = z.object({
  paybill_id: z.string(),
  trans_id: z.string(),
  amount: z.number(),
  currency: z.string(),
  bill_ref: z.string(),
  msisdn: z.string(),
  reason: z.string().nullable(),
  received_at: z.string(),
});
/** GET /finance/review: amounts are KES numbers (two decimals), not cents; oldest first. */
export const ReviewQueueResponse = z.object({
  transactions: z.array(ReviewTransaction),
  callbacks: z.array(ReviewCallback),
  late_payouts: z.array(LatePayout),
  paybill: z.array(PaybillSuspenseItem),
});
export type ReviewQueueResponse = z.infer<typeof ReviewQueueResponse>;

/**
 * GET /finance/audit: finance's entries of the staff audit, newest first. `actor` is the phone of
 * the person who acted (null only if their account is gone); `amount_minor` in before/after reads
 * as `amount` in KES.
 */
export const FinanceAuditEntry = z.object({
  id: z.string(),
  actor: z.string().nullable(),
  actor_user_id: z.string().nullable(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string(),
  before: StoredJson,
  after: StoredJson,
  note: z.string(),
  created_at: z.string(),
});
export const FinanceAuditResponse = z.object({ entries: z.array(FinanceAuditEntry) });
export type FinanceAuditResponse = z.infer<typeof FinanceAuditResponse>;

/** POST /finance/paybill/register-urls: the provider took our C2B URLs for the paybill. */
export const RegisterC2bUrlsResponse = z.object({
  short_code: z.string(),
  response_type: z.literal('Completed'),
  description: z.string(),
});

/** The review item an operator acts on (`…/:id/resolve`, `…/:id/assign`). */
export const ReviewItemParams = z.strictObject({ id: Id });

/** POST /finance/review/transactions/:id/resolve */
export const ResolveTransactionRequest = z.strictObject({
  outcome: z.enum(['completed', 'failed']),
  note: Note,
});
export type ResolveTransactionRequest = z.infer<typeof ResolveTransactionRequest>;
export const ResolveTransactionResponse = z.object({
  transaction_id: z.string(),
  status: z.string(),
  adjustment: z.number(),
});

/** POST /finance/review/callbacks/:id/resolve */
export const ResolveCallbackRequest = z.strictObject({ note: Note });
export const ResolveCallbackResponse = z.object({ callback_id: z.string(), resolved: z.boolean() });

/**
 * POST /finance/review/paybill/:id/assign: a Paybill payment in suspense to a player, named by
 * one of the two: their account number, as the payer may have typed it (spaces, dashes: the
 * request carries it normalised, or is 422 MALFORMED_ACCOUNT), or their id (the staff site's
 * finder), which gives a player who has no account number yet theirs.
 */
export const AssignPaybillRequest = z
  .strictObject({
    account_number: z
      .string()
      .trim()
      .min(1)
      .max(32)
      .refine(
        (a) => readAccountNumber(a) !== null,
        refusal('That is not a valid account number', 'MALFORMED_ACCOUNT'),
      )
      .transform((a) => readAccountNumber(a) as string)
      .optional(),
    player_id: Id.optional(),
    note: Note,
  })
  .refine((r) => (r.account_number === undefined) !== (r.player_id === undefined), {
    message: 'Give account_number or player_id, one of the two',
  });
export type AssignPaybillRequest = z.infer<typeof AssignPaybillRequest>;
export const AssignPaybillResponse = z.object({
  paybill_id: z.string(),
  status: z.string(),
  transaction_id: z.string(),
});

/** The longest tax report, in days. */
export const TAX_REPORT_MAX_DAYS = 400;
const DAY_MS = 86_400_000;
/** A calendar date, YYYY-MM-DD (a report's from and to). */
export const CalendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine(isCalendarDate, refusal('from and to must be real dates (YYYY-MM-DD)', 'INVALID_DATE', 400));

/**
 * GET /finance/tax-report?period&from&to&format&by: East Africa Time days, both included. The
 * JSON has both the lines per period (`rows`) and per period and rate (`rate_periods`); `by`
 * chooses the CSV's lines.
 */
export const TaxReportQuery = z
  .strictObject({
    period: z.enum(['day', 'month']).default('day'),
    from: CalendarDay,
    to: CalendarDay,
    format: z.enum(['json', 'csv']).default('json'),
    by: z.enum(['period', 'rate']).default('period'),
  })
  .refine((q) => q.from <= q.to, refusal('to must not be before from', 'INVALID_RANGE', 400))
  .refine(
    (q) => Date.parse(q.to) - Date.parse(q.from) < TAX_REPORT_MAX_DAYS * DAY_MS,
    refusal(`At most ${TAX_REPORT_MAX_DAYS} days per report`, 'INVALID_RANGE', 400),
  );
export type TaxReportQuery = z.infer<typeof TaxReportQuery>;

const Cents = z.number().int();
/** A period's (or the range's) taxes in integer cents, each with its gross base. */
const TaxTotals = z.object({
  excise_base_cents: Cents,
  excise_duty_cents: Cents,
  withholding_base_cents: Cents,
  withholding_tax_cents: Cents,
});

/**
 * GET /finance/tax-report?format=json: every amount in integer cents (the CSV writes them as KES
 * with two decimals). `rate_periods`: per period, per tax, one line per rate in force during it,
 * `from`–`to` East Africa Time (null: before any dated change / still in force).
 */
export const TaxReportResponse = z.object({
  period: z.enum(['day', 'month']),
  from: z.string(),
  to: z.string(),
  timezone: z.literal('Africa/Nairobi'),
  currency: z.literal('KES'),
  rows: z.array(TaxTotals.extend({ period: z.string() })),
  totals: TaxTotals,
  rate_periods: z.array(
    z.object({
      period: z.string(),
      kind: TaxKind,
      from: z.string().nullable(),
      to: z.string().nullable(),
      rate_bp: z.number().int(),
      base_cents: Cents,
      tax_cents: Cents,
    }),
  ),
});
export type TaxReportResponse = z.infer<typeof TaxReportResponse>;

// ---- Tax rates by date (the finance role; docs/decisions/040-tax-rates-by-date.md) ----

/** A tax rate in basis points (500 = 5%), as the ledger keeps it: an integer, 0 to 10,000. */
const RateBp = z.number().int('must be whole basis points (500 = 5%)').min(0).max(10_000);

/**
 * POST /finance/tax-rates: a change of one tax's rate from an instant (ISO 8601 with its offset); the
 * API refuses one not in the future (422 NOT_IN_FUTURE) and a second change of the kind at the
 * same instant (409 ALREADY_SCHEDULED). Audited with its note; cancelled with
 * POST /finance/tax-rates/:id/cancel while still a minute ahead.
 */
export const ScheduleTaxRateRequest = z.strictObject({
  kind: TaxKind,
  rate_bp: RateBp,
  effective_from: z.iso.datetime({ offset: true }),
  note: Note,
});
export type ScheduleTaxRateRequest = z.infer<typeof ScheduleTaxRateRequest>;

/** POST /finance/tax-rates/:id/cancel: a scheduled change, still at least a minute ahead. */
export const TaxRateParams = z.strictObject({ id: Id });
export const CancelTaxRateRequest = z.strictObject({ note: Note });
export const CancelTaxRateResponse = z.object({ id: z.string(), cancelled: z.literal(true) });

export const TaxRate = z.object({
  id: z.string(),
  kind: TaxKind,
  rate_bp: z.number().int(),
  /** ISO 8601; null: in force before any dated change (the environment's rate at first start). */
  effective_from: z.string().nullable(),
  /**
   * `past`: replaced by a later one; `in_force`: now; `scheduled`: not yet; `cancelled`: cancelled
   * while scheduled, never in force.
   */
  status: z.enum(['past', 'in_force', 'scheduled', 'cancelled']),
  /** `environment` or the operator's phone. */
  created_by: z.string(),
  /** The operator's name, when they gave one (null for `environment`). */
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  /** Why it was scheduled (its audit entry's note); null for the environment's first rate. */
  note: z.string().nullable(),
  /** A cancelled change's cancelling, null for any other: when (ISO 8601), by whose phone and name, why. */
  cancelled_at: z.string().nullable(),
  cancelled_by: z.string().nullable(),
  cancelled_by_name: z.string().nullable(),
  cancel_note: z.string().nullable(),
});
export type TaxRate = z.infer<typeof TaxRate>;

/**
 * GET /finance/tax-rates: the rates in force now and every rate, by kind, oldest first, the cancelled
 * changes among them at their instant.
 */
export const TaxRatesResponse = z.object({
  in_force: z.object({ excise: z.number().int(), withholding: z.number().int() }),
  rates: z.array(TaxRate),
});
export type TaxRatesResponse = z.infer<typeof TaxRatesResponse>;

// ---- The simulator's test controls (SIMULATOR_TEST_CONTROL, NODE_ENV=test only) ----

const E164 = z.string().regex(/^\+[1-9]\d{7,14}$/, 'an E.164 phone');

/** POST /testing/simulator/hold and /settle: one phone's payments. */
export const SimulatorPhoneRequest = z.strictObject({ phone_number: E164 });
export const SimulatorSettleResponse = z.object({ settled: z.number() });

/** POST /testing/simulator/paybill: the C2B confirmation Daraja would post. */
export const SimulatorPaybillRequest = z.strictObject({
  /** What the payer types as "Account no." (any text: a wrong one goes to suspense). */
  account_number: z.string().max(64),
  /** Sent as Daraja does: a string with two decimals. */
  amount: z.number().positive().max(1_000_000),
  phone_number: E164.default('+254708374149'),
  /** M-Pesa's receipt; a fresh one unless a test repeats one. */
  trans_id: z
    .string()
    .regex(/^[A-Z0-9]{10}$/)
    .optional(),
  /** Another paybill than ours (suspense). */
  short_code: z.string().optional(),
});
/**
 * Its answer: the receipt it used and what the confirmation route answered M-Pesa (`ResultCode`
 * "0" accepted, else the refusal's code and words).
 */
export const SimulatorPaybillResponse = z.object({
  trans_id: z.string(),
  answer: z.object({ ResultCode: z.string(), ResultDesc: z.string() }),
});
export type SimulatorPaybillResponse = z.infer<typeof SimulatorPaybillResponse>;
