import type {
  CallbackKind,
  ParsedCallback,
  PaymentProvider,
  PaymentRequest,
  PendingTransaction,
  ProviderOutcome,
  RequestResult,
} from './payment-provider.js';

export interface DarajaConfig {
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

export const stkPassword = (shortcode: string, passkey: string, timestamp: string): string =>
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
    const token = await this.accessToken();
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
      CallBackURL: `${req.callbackBaseUrl}/deposit`,
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
      QueueTimeOutURL: `${req.callbackBaseUrl}/payout-timeout`,
      ResultURL: `${req.callbackBaseUrl}/payout`,
      Occasion: 'Withdrawal',
    });
    return this.requestResult(status, body, body.ConversationID);
  }

  private requestResult(
    status: number,
    body: DarajaError & { ResponseCode?: string; ResponseDescription?: string },
    ref: string | undefined,
  ): RequestResult {
    if (status >= 500) throw new Error(`Daraja answered HTTP ${status}: ${body.errorMessage ?? ''}`);
    if (status >= 200 && status < 300 && body.ResponseCode === '0' && ref)
      return { accepted: true, providerRef: ref };
    return {
      accepted: false,
      reason: body.errorMessage ?? body.ResponseDescription ?? `Refused (HTTP ${status})`,
    };
  }

  async queryStatus(tx: PendingTransaction): Promise<ProviderOutcome> {
    if (tx.type === 'withdrawal') {
      // B2C status comes back asynchronously (Transaction Status API → ResultURL); a payout
      // whose result never came is left pending for an operator rather than guessed.
      return { state: 'pending' };
    }
    if (!tx.providerRef)
      return { state: 'failed', reason: 'The payment prompt was never confirmed by the provider' };
    const { status, body } = await this.post<{
      ResultCode?: string | number;
      ResultDesc?: string;
      ResponseCode?: string;
    }>('/mpesa/stkpushquery/v1/query', { ...this.stkAuth(), CheckoutRequestID: tx.providerRef });
    if (body.errorCode === STK_PROCESSING) return { state: 'pending' };
    if (status !== 200 || body.ResultCode === undefined) {
      throw new Error(`Daraja STK query answered HTTP ${status}: ${body.errorMessage ?? ''}`);
    }
    return Number(body.ResultCode) === 0
      ? { state: 'completed' }
      : { state: 'failed', reason: body.ResultDesc ?? `Failed with code ${body.ResultCode}` };
  }

  parseCallback(kind: CallbackKind, body: unknown): ParsedCallback | null {
    if (kind === 'deposit') {
      const cb = (body as StkCallbackBody | null)?.Body?.stkCallback;
      if (!cb || typeof cb.CheckoutRequestID !== 'string' || cb.ResultCode === undefined) return null;
      const receipt = cb.CallbackMetadata?.Item?.find((i) => i.Name === 'MpesaReceiptNumber')?.Value;
      return {
        providerRef: cb.CheckoutRequestID,
        outcome:
          Number(cb.ResultCode) === 0
            ? { state: 'completed', receipt: receipt === undefined ? undefined : String(receipt) }
            : { state: 'failed', reason: cb.ResultDesc ?? `Failed with code ${cb.ResultCode}` },
      };
    }
    const result = (body as B2cResultBody | null)?.Result;
    if (!result || typeof result.ConversationID !== 'string' || result.ResultCode === undefined) return null;
    const base = { providerRef: result.ConversationID, transactionId: result.OriginatorConversationID };
    if (kind === 'payout-timeout') {
      return {
        ...base,
        outcome: { state: 'failed', reason: result.ResultDesc ?? 'Payout request timed out in the queue' },
      };
    }
    return {
      ...base,
      outcome:
        Number(result.ResultCode) === 0
          ? { state: 'completed', receipt: result.TransactionID }
          : { state: 'failed', reason: result.ResultDesc ?? `Failed with code ${result.ResultCode}` },
    };
  }

  callbackAck(): unknown {
    return { ResultCode: 0, ResultDesc: 'Accepted' };
  }
}

export interface StkCallbackBody {
  Body?: {
    stkCallback?: {
      MerchantRequestID?: string;
      CheckoutRequestID?: string;
      ResultCode?: number | string;
      ResultDesc?: string;
      CallbackMetadata?: { Item?: Array<{ Name: string; Value?: string | number }> };
    };
  };
}

export interface B2cResultBody {
  Result?: {
    ResultType?: number;
    ResultCode?: number | string;
    ResultDesc?: string;
    OriginatorConversationID?: string;
    ConversationID?: string;
    TransactionID?: string;
    ResultParameters?: { ResultParameter?: Array<{ Key: string; Value: string | number }> };
  };
}
