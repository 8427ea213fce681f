/** What the wallet needs from a mobile-money provider. Amounts are integer minor units. */
export interface PaymentRequest {
  transactionId: string;
  amountMinor: number;
  currency: string;
  /** E.164, e.g. +254712345678. */
  phone: string;
  /** Absolute callback base URL holding the secret; the adapter appends /deposit, /payout, /payout-timeout. */
  callbackBaseUrl: string;
}

export type RequestResult = { accepted: true; providerRef: string } | { accepted: false; reason: string };

export type ProviderOutcome =
  | { state: 'completed'; receipt?: string | undefined }
  | { state: 'failed'; reason: string }
  | { state: 'pending' };

export interface PendingTransaction {
  id: string;
  type: 'deposit' | 'withdrawal';
  providerRef: string | null;
  phone: string;
  createdAt: number;
}

export type CallbackKind = 'deposit' | 'payout' | 'payout-timeout';

export interface ParsedCallback {
  providerRef: string;
  /** Our transaction id when the body carries it (lets a callback that outruns the request settle). */
  transactionId?: string | undefined;
  outcome: ProviderOutcome;
}

export interface PaymentProvider {
  readonly name: string;
  /**
   * Shown as the transaction's payment_method (the provider's name is never shown:
   * docs/product-rules.md#players-and-countries).
   */
  readonly paymentMethod: string;
  /**
   * When the provider's reference is known before the request (the simulator's is derived from
   * our id), it is stored with the new transaction, saving a write per request.
   */
  predictRef?(transactionId: string): string;
  /** Asks the payer to approve a payment (STK push). */
  requestDeposit(req: PaymentRequest): Promise<RequestResult>;
  /** Sends money to the player (B2C). */
  requestPayout(req: PaymentRequest): Promise<RequestResult>;
  /** Asks the provider where a transaction stands (reconciliation when no callback came). */
  queryStatus(tx: PendingTransaction): Promise<ProviderOutcome>;
  /** Reads a callback body; null when it is not one of this provider's shapes. */
  parseCallback(kind: CallbackKind, body: unknown): ParsedCallback | null;
  /** What to answer the provider on a callback. */
  callbackAck(): unknown;
  close?(): void;
}
