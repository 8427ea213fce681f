import type { CallbackKind } from '@mchezo/contracts/payments';

/** What the wallet needs from a mobile-money provider. Amounts are integer minor units. */
export interface PaymentRequest {
  transactionId: string;
  amountMinor: number;
  currency: string;
  /** E.164, e.g. +254712345678. */
  phone: string;
  /**
   * Absolute callback base URL holding the secret; the adapter appends `/<kind>/<transactionId>`
   * (kind: deposit, payout, payout-timeout, payout-status), so a callback names its transaction
   * even when the request's answer (and the provider's reference) never arrived.
   */
  callbackBaseUrl: string;
}

export type RequestResult = { accepted: true; providerRef: string } | { accepted: false; reason: string };

/** What a provider reported about the money that moved, to be checked against the request. */
export interface ReportedValues {
  /** Integer minor units; null when the provider should have said and did not. */
  amountMinor: number | null;
  /** E.164; absent when the provider does not report it, null when it should have and did not. */
  phone?: string | null | undefined;
}

/**
 * completed / failed: a documented final answer. pending: the provider says it is still working.
 * unknown: an answer that is not a documented outcome (malformed result code, queue timeout, a
 * failed status query): the transaction stays pending and the provider is asked again.
 */
export type ProviderOutcome =
  | { state: 'completed'; receipt?: string | undefined; reported?: ReportedValues | undefined }
  | { state: 'failed'; reason: string }
  | { state: 'pending' }
  | { state: 'unknown'; reason: string };

export interface PendingTransaction {
  id: string;
  type: 'deposit' | 'withdrawal';
  providerRef: string | null;
  phone: string;
  amountMinor: number;
  createdAt: number;
  /** As PaymentRequest's: where an asynchronous status answer (B2C Transaction Status) goes. */
  callbackBaseUrl: string;
}

/** The kinds of callback URL (`…/<kind>/<transaction id>`), as the callback route's contract has them. */
export type { CallbackKind };

/** The transaction type a callback kind (or body) can settle. */
export const subjectOfKind = (kind: CallbackKind): 'deposit' | 'withdrawal' =>
  kind === 'deposit' ? 'deposit' : 'withdrawal';

export interface ParsedCallback {
  /** What the body is about by its shape: an STK callback a deposit, a B2C Result a payout. */
  subject: 'deposit' | 'withdrawal';
  /** The provider's reference of the original request, when the body carries it. */
  providerRef?: string | undefined;
  /** Our transaction id when the body carries it (lets a callback that outruns the request settle). */
  transactionId?: string | undefined;
  outcome: ProviderOutcome;
}

/** Where the provider sends Paybill (C2B) payments to the shortcode: validation, then confirmation. */
export interface C2bUrls {
  shortCode: string;
  confirmationUrl: string;
  validationUrl: string;
}

export type C2bRegisterResult = { accepted: true; description: string } | { accepted: false; reason: string };

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
  /**
   * Asks the provider where a transaction stands (reconciliation when no callback came). An
   * asynchronous query (B2C Transaction Status) answers pending; its result comes as a callback.
   */
  queryStatus(tx: PendingTransaction): Promise<ProviderOutcome>;
  /** Reads a callback body; null when it is not one of this provider's shapes. */
  parseCallback(kind: CallbackKind, body: unknown): ParsedCallback | null;
  /** Registers the Paybill (C2B) URLs for the shortcode, when the provider has Paybill payments. */
  registerC2bUrls?(urls: C2bUrls): Promise<C2bRegisterResult>;
  /** What to answer the provider on a callback. */
  callbackAck(): unknown;
  /** Starts its background work, if any (the app, once the database is migrated). */
  start?(): void;
  /** Stops it; the app waits for this before it closes the database. */
  close?(): void | Promise<void>;
}

/**
 * Thrown by an adapter when it knows the request never reached the provider (its OAuth token
 * could not be had): the payment can be refused at once. Any other error is an unknown outcome.
 */
export class RequestNotSentError extends Error {}
