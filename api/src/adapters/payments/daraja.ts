import { outcomeOf, parseDarajaCallback } from './daraja-results.js';
import {
  type C2bRegisterResult,
  type C2bUrls,
  type CallbackKind,
  type ParsedCallback,
  type PaymentProvider,
  type PaymentRequest,
  type PendingTransaction,
  type ProviderOutcome,
  RequestNotSentError,
  type RequestResult,
} from './payment-provider.js';

interface DarajaConfig {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** Lipa na M-Pesa Online (STK push) paybill / till. */
  shortcode: string;
  passkey: string;
  /** B2C paying shortcode. */
  b2cShortcode: string;
  initiatorName: string;
  /** The initiator password encrypted with Safaricom's public certificate. */
  securityCredential: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** Daraja's error body: { requestId, errorCode, errorMessage }. */
interface DarajaError {
  requestId?: string;
  errorCode?: string;
  errorMessage?: string;
}

const STK_PROCESSING = '500.001.1001';

/** Safaricom's timestamp: YYYYMMDDHHmmss in East Africa Time (UTC+3, no DST). */
export function darajaTimestamp(date: Date): string {
  const eat = new Date(date.getTime() + 3 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${eat.getUTCFullYear()}${p(eat.getUTCMonth() + 1)}${p(eat.getUTCDate())}${p(eat.getUTCHours())}${p(eat.getUTCMinutes())}${p(eat.getUTCSeconds())}`;
}

const stkPassword = (shortcode: string, passkey: string, timestamp: string): string =>
  Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');

/** +254712345678 → 254712345678 (Daraja's MSISDN format). */
const msisdn = (e164: string) => e164.replace(/^\+/, '');

/**
 * M-Pesa Daraja: OAuth client-credentials token, STK push (deposits) and STK query
 * (reconciliation), B2C payment request (payouts) with its Result / QueueTimeOut callbacks.
 */
export class DarajaPaymentProvider implements PaymentProvider {
  readonly name = 'daraja';
  readonly paymentMethod = 'mobile_money';
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly config: DarajaConfig) {}

  private get fetch(): typeof fetch {
    return this.config.fetch ?? fetch;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.config.consumerKey}:${this.config.consumerSecret}`).toString('base64');
    const res = await this.fetch(`${this.config.baseUrl}/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { Authorization: `Basic ${basic}` },
      signal: AbortSignal.timeout(this.config.timeoutMs),
    });
    if (!res.ok) throw new Error(`Daraja OAuth answered HTTP ${res.status}`);
    const body = (await res.json()) as { access_token?: string; expires_in?: string | number };
    if (!body.access_token) throw new Error('Daraja OAuth answer has no access_token');
    // Refresh a minute early so a request never carries a token that expires in flight.
    const ttl = Math.max(60, Number(body.expires_in ?? 3599) - 60);
    this.token = { value: body.access_token, expiresAt: Date.now() + ttl * 1000 };
    return body.access_token;
  }

  private async post<T>(path: string, payload: unknown): Promise<{ status: number; body: T & DarajaError }> {
    let token: string;
    try {
      token = await this.accessToken();
    } catch (err) {
      throw new RequestNotSentError((err as Error).message);
    }
    const res = await this.fetch(`${this.config.baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(this.config.timeoutMs),
    });
    if (res.status === 401) this.token = null;
    const body = (await res.json().catch(() => ({}))) as T & DarajaError;
    return { status: res.status, body };
  }

  private stkAuth() {
    const timestamp = darajaTimestamp(this.config.now?.() ?? new Date());
    return {
      BusinessShortCode: this.config.shortcode,
      Password: stkPassword(this.config.shortcode, this.config.passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  async requestDeposit(req: PaymentRequest): Promise<RequestResult> {
    const { status, body } = await this.post<{
      CheckoutRequestID?: string;
      ResponseCode?: string;
      ResponseDescription?: string;
    }>('/mpesa/stkpush/v1/processrequest', {
      ...this.stkAuth(),
      TransactionType: 'CustomerPayBillOnline',
      Amount: Math.round(req.amountMinor / 100),
      PartyA: msisdn(req.phone),
      PartyB: this.config.shortcode,
      PhoneNumber: msisdn(req.phone),
      CallBackURL: `${req.callbackBaseUrl}/deposit/${req.transactionId}`,
      AccountReference: 'Mchezo',
      TransactionDesc: 'Deposit',
    });
    return this.requestResult(status, body, body.CheckoutRequestID);
  }

  async requestPayout(req: PaymentRequest): Promise<RequestResult> {
    const { status, body } = await this.post<{
      ConversationID?: string;
      ResponseCode?: string;
      ResponseDescription?: string;
    }>('/mpesa/b2c/v3/paymentrequest', {
      OriginatorConversationID: req.transactionId,
      InitiatorName: this.config.initiatorName,
      SecurityCredential: this.config.securityCredential,
      CommandID: 'BusinessPayment',
      Amount: Math.round(req.amountMinor / 100),
      PartyA: this.config.b2cShortcode,
      PartyB: msisdn(req.phone),
      Remarks: 'Withdrawal',
      QueueTimeOutURL: `${req.callbackBaseUrl}/payout-timeout/${req.transactionId}`,
      ResultURL: `${req.callbackBaseUrl}/payout/${req.transactionId}`,
      Occasion: 'Withdrawal',
    });
    return this.requestResult(status, body, body.ConversationID);
  }

  /**
   * A documented answer only: 2xx with ResponseCode "0" accepted, 2xx with another ResponseCode
   * or a 4xx refused (Daraja did not take the request). A 5xx or a 2xx without a ResponseCode
   * may or may not have been processed: thrown, so the transaction stays pending.
   */
  private requestResult(
    status: number,
    body: DarajaError & { ResponseCode?: unknown; ResponseDescription?: string },
    ref: string | undefined,
  ): RequestResult {
    const ok = status >= 200 && status < 300;
    if (ok && body.ResponseCode === '0' && typeof ref === 'string' && ref)
      return { accepted: true, providerRef: ref };
    if ((ok && typeof body.ResponseCode === 'string') || (status >= 400 && status < 500)) {
      return {
        accepted: false,
        reason: String(body.errorMessage ?? body.ResponseDescription ?? `Refused (HTTP ${status})`).slice(
          0,
          200,
        ),
      };
    }
    throw new Error(`Daraja answered HTTP ${status} without a documented answer: ${body.errorMessage ?? ''}`);
  }

  async queryStatus(tx: PendingTransaction): Promise<ProviderOutcome> {
    if (tx.type === 'withdrawal') return this.queryPayout(tx);
    // Without the CheckoutRequestID (the push's answer never came) STK Query cannot be asked:
    // the deposit stays pending until a callback names it or an operator resolves it.
    if (!tx.providerRef) return { state: 'unknown', reason: 'No CheckoutRequestID to query' };
    const { status, body } = await this.post<{
      ResultCode?: unknown;
      ResultDesc?: string;
      ResponseCode?: string;
    }>('/mpesa/stkpushquery/v1/query', { ...this.stkAuth(), CheckoutRequestID: tx.providerRef });
    if (body.errorCode === STK_PROCESSING) return { state: 'pending' };
    if (status !== 200)
      throw new Error(`Daraja STK query answered HTTP ${status}: ${body.errorMessage ?? ''}`);
    return outcomeOf(body.ResultCode, body.ResultDesc, () => ({ state: 'completed' }));
  }

  /**
   * B2C Transaction Status: asks by OriginatorConversationID (our id); the answer comes to
   * `<base>/payout-status/<id>` (a timeout in the queue to `<base>/payout-timeout/<id>`).
   */
  private async queryPayout(tx: PendingTransaction): Promise<ProviderOutcome> {
    const { status, body } = await this.post<{ ResponseCode?: string }>('/mpesa/transactionstatus/v1/query', {
      Initiator: this.config.initiatorName,
      SecurityCredential: this.config.securityCredential,
      CommandID: 'TransactionStatusQuery',
      OriginatorConversationID: tx.id,
      PartyA: this.config.b2cShortcode,
      IdentifierType: '4',
      ResultURL: `${tx.callbackBaseUrl}/payout-status/${tx.id}`,
      QueueTimeOutURL: `${tx.callbackBaseUrl}/payout-timeout/${tx.id}`,
      Remarks: 'Payout status',
      Occasion: tx.id,
    });
    if (status !== 200 || body.ResponseCode !== '0')
      throw new Error(`Daraja Transaction Status answered HTTP ${status}: ${body.errorMessage ?? ''}`);
    return { state: 'pending' };
  }

  /**
   * C2B register URL (v2). ResponseType `Completed`: when our validation URL cannot be reached,
   * M-Pesa completes the payment anyway (the confirmation still comes; suspense catches what
   * cannot be credited), rather than bouncing a player's money for our outage.
   */
  async registerC2bUrls(urls: C2bUrls): Promise<C2bRegisterResult> {
    const { status, body } = await this.post<{ ResponseCode?: string; ResponseDescription?: string }>(
      '/mpesa/c2b/v2/registerurl',
      {
        ShortCode: urls.shortCode,
        ResponseType: 'Completed',
        ConfirmationURL: urls.confirmationUrl,
        ValidationURL: urls.validationUrl,
      },
    );
    if (status >= 200 && status < 300 && (body.ResponseCode === '0' || body.ResponseCode === undefined))
      return { accepted: true, description: String(body.ResponseDescription ?? 'success') };
    return {
      accepted: false,
      reason: String(body.errorMessage ?? body.ResponseDescription ?? `HTTP ${status}`).slice(0, 200),
    };
  }

  parseCallback(kind: CallbackKind, body: unknown): ParsedCallback | null {
    return parseDarajaCallback(kind, body);
  }

  callbackAck(): unknown {
    return { ResultCode: 0, ResultDesc: 'Accepted' };
  }
}
