/**
 * The wallet module's tables: the pots and their ledger, mobile-money and game transactions, the
 * operators' payment review, Paybill and the tax rates by date with their cancelled changes
 * (wallets, ledger_entries, wallet_transactions and game_transactions by 0001_initial in
 * db/migrations/, the rest by ./migrations/). Part of `DB` in db/schema.ts; row types never leave
 * the server.
 */
export interface WalletTables {
  wallets: WalletsTable;
  ledger_entries: LedgerEntriesTable;
  wallet_transactions: WalletTransactionsTable;
  game_transactions: GameTransactionsTable;
  payment_reviews: PaymentReviewsTable;
  payment_callbacks: PaymentCallbacksTable;
  paybill_accounts: PaybillAccountsTable;
  paybill_payments: PaybillPaymentsTable;
  tax_rates: TaxRatesTable;
  tax_rate_cancellations: TaxRateCancellationsTable;
  staff_adjustments: StaffAdjustmentsTable;
}

export interface WalletsTable {
  user_id: string;
  currency: string;
  /** Integer minor units (cents) per pot. */
  main: number;
  withdrawal: number;
  bonus: number;
  version: number;
  updated_at: number;
}

export type Pot = 'main' | 'withdrawal' | 'bonus';

/**
 * Ledger accounts: a wallet pot, or an operator account no wallet holds (docs/decisions/018):
 * the tax owed (`tax_excise`, `tax_withholding`) and the operator's own money (`operator`, which
 * pays an absorbed excise duty). Their entries carry the player whose transaction caused them.
 */
export type LedgerPot = Pot | 'tax_excise' | 'tax_withholding' | 'operator';

export interface LedgerEntriesTable {
  id: string;
  user_id: string;
  pot: LedgerPot;
  /** Signed minor units. */
  amount: number;
  /** The wallet pot after the entry; 0 for an operator account (its total is the sum of its entries). */
  balance_after: number;
  kind:
    | 'deposit'
    | 'withdrawal'
    | 'withdrawal_reversal'
    | 'bet'
    | 'win'
    | 'rollback'
    /** An operator's resolution of a review (ref_id: the review's id). */
    | 'review_adjustment'
    /** Excise duty on a completed deposit: out of `main` (deduct) or `operator` (absorb), into `tax_excise`. */
    | 'excise_duty'
    /** Withholding tax on a withdrawal, into `tax_withholding`; refunded when the payout is reversed. */
    | 'withholding_tax'
    | 'withholding_tax_refund'
    /**
     * A manual adjustment approved by a second finance person (ref_id: the adjustment's id): the
     * player's `main` and its counterpart on `operator` (docs/decisions/055).
     */
    | 'manual_adjustment';
  ref_id: string;
  created_at: number;
}

export interface WalletTransactionsTable {
  id: string;
  user_id: string;
  type: 'deposit' | 'withdrawal';
  /** `review`: an operator decides (players see it as pending). */
  status: 'pending' | 'completed' | 'failed' | 'reversed' | 'review';
  amount: number;
  currency: string;
  phone_number: string;
  payment_method: string;
  provider: string;
  provider_ref: string | null;
  idempotency_key: string;
  request_hash: string;
  failure_reason: string | null;
  created_at: number;
  updated_at: number;
  settled_at: number | null;
  /**
   * While pending: when reconciliation next asks the provider about it (epoch ms); pushed back
   * with backoff after each inconclusive answer. Meaningless once it has left pending.
   */
  next_check_at: number | null;
  /** Inconclusive reconciliation checks so far (the backoff's exponent). */
  check_count: number;
  /** The tax fixed when the transaction was made (migration 0008_taxes; none before). */
  tax_kind: 'excise' | 'withholding' | null;
  /** Minor units; 0 when untaxed. */
  tax_amount: number;
  /** Excise only: `deduct` (out of the deposit) or `absorb` (the operator pays it). */
  tax_mode: 'deduct' | 'absorb' | null;
}

export interface GameTransactionsTable {
  provider_tx_id: string;
  user_id: string;
  kind: 'bet' | 'win' | 'rollback';
  round_id: string;
  game_id: string;
  amount: number;
  status: 'ok' | 'rolled_back';
  related_tx_id: string | null;
  created_at: number;
}

export interface PaymentReviewsTable {
  id: string;
  transaction_id: string;
  /** AMOUNT_MISMATCH | PHONE_MISMATCH | CONTRADICTS_SETTLED | UNRESOLVED */
  reason: string;
  status_before: string;
  /** JSON. */
  expected: string;
  /** JSON. */
  reported: string;
  raw_callback: string | null;
  created_at: number;
  resolved_at: number | null;
}

export interface PaymentCallbacksTable {
  id: string;
  provider: string;
  kind: string;
  reason: 'NO_TRANSACTION' | 'WRONG_KIND';
  provider_ref: string | null;
  transaction_id: string | null;
  body: string;
  body_hash: string;
  created_at: number;
  resolved_at: number | null;
}

/** A player's Paybill account number (what they type as "Account no."). */
interface PaybillAccountsTable {
  user_id: string;
  account_number: string;
  created_at: number;
}

/** One M-Pesa C2B confirmation, kept once per TransID. */
export interface PaybillPaymentsTable {
  id: string;
  trans_id: string;
  status: 'credited' | 'suspense';
  reason: 'UNKNOWN_ACCOUNT' | 'MALFORMED_ACCOUNT' | 'OTHER_SHORTCODE' | null;
  /** Integer cents. */
  amount: number;
  bill_ref: string;
  msisdn: string;
  short_code: string;
  user_id: string | null;
  transaction_id: string | null;
  /** JSON: the confirmation as received. */
  body: string;
  created_at: number;
  resolved_at: number | null;
}

/**
 * A tax rate and the instant it takes effect (migration 0017_tax_rates, docs/decisions/040): the
 * rate of a kind in force at an instant is its row with the newest `effective_from` at or before
 * it. One per kind and instant; a row is never changed, and removed only while still scheduled (a
 * cancelled change, moved to tax_rate_cancellations).
 */
export interface TaxRatesTable {
  id: string;
  kind: 'excise' | 'withholding';
  /** Basis points: 500 = 5%. */
  rate_bp: number;
  /** Epoch ms; 0: in force before any dated change (the environment's rate, written at first start). */
  effective_from: number;
  /** `environment` (the first rows) or the operator's phone. */
  created_by: string;
  created_at: number;
}

/**
 * A tax-rate change cancelled while still scheduled (migration 0037_tax_rate_cancellations,
 * docs/decisions/040): its tax_rates row as it was (same id), moved here in the cancel's
 * transaction, with who cancelled it, when and why. Never read for the rate in force.
 */
export interface TaxRateCancellationsTable {
  id: string;
  kind: TaxRatesTable['kind'];
  rate_bp: number;
  effective_from: number;
  created_by: string;
  created_at: number;
  /** The operator's phone. */
  cancelled_by: string;
  cancelled_at: number;
  /** Why it was cancelled (the `tax_rate.cancel` audit entry's note). */
  note: string;
}

/**
 * A manual balance adjustment (migration 0034_staff_adjustments, docs/decisions/055): proposed by
 * one finance person, approved (booked) or rejected by another.
 */
export interface StaffAdjustmentsTable {
  id: string;
  user_id: string;
  /** Signed integer cents on the player's main balance. */
  amount: number;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  proposed_by: string;
  proposed_at: number;
  decided_by: string | null;
  decided_at: number | null;
  decision_reason: string | null;
}
