import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type DbMode, startApp, type TestApp } from '../helpers.js';

/**
 * A local fake of Safaricom's Daraja API, written from the public documentation's request and
 * response shapes: OAuth (client credentials), Lipa na M-Pesa Online (STK push + query) and
 * B2C payment request, with the asynchronous callback / Result / QueueTimeOut bodies.
 *
 * Outcomes by MSISDN:
 *   254711111111  success
 *   254722222222  STK cancelled by user (1032) / B2C failure (2001)
 *   254733333333  no callback at all (STK query answers ResultCode 0)
 *   254744444444  request refused at once (400.002.02)
 *   254755555555  B2C queue timeout (the payout still completes: Transaction Status says so)
 *
 * Controls: `failNext` answers the next API call (not OAuth) with a timeout (the request is
 * processed, the answer never comes), a connection reset (processed, then the socket is cut) or
 * a 503 (not processed); `holdCallbacks` keeps callbacks in `held` until `release()`.
 * B2C Transaction Status (`/mpesa/transactionstatus/v1/query`) answers by a Result callback.
 */
// biome-ignore lint/suspicious/noExplicitAny: the fake reads loosely typed Daraja request bodies
type Body = Record<string, any>;

interface FakeDarajaOptions {
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
}

export class FakeDaraja {
  private server: Server;
  readonly tokens = new Set<string>();
  oauthCalls = 0;
  readonly stk = new Map<string, { phone: string; amount: number; callback: string; resultCode: number }>();
  readonly b2c: Array<Record<string, unknown>> = [];
  readonly errors: string[] = [];
  readonly statusQueries: Body[] = [];
  /** What Transaction Status reports per OriginatorConversationID. */
  readonly payouts = new Map<string, { status: 'Completed' | 'Failed'; amount: number }>();
  failNext: 'timeout' | 'reset' | 503 | null = null;
  holdCallbacks = false;
  readonly held: Array<{ url: string; body: unknown }> = [];
  private readonly hanging = new Set<import('node:http').ServerResponse>();
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly opts: FakeDarajaOptions) {
    this.server = createServer((req, res) => {
      const failure = req.url?.startsWith('/oauth/') ? null : this.failNext;
      if (failure) this.failNext = null;
      if (failure === 503) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errorCode: '503.001.01', errorMessage: 'Service Unavailable' }));
        return;
      }
      this.handle(req)
        .then(({ status, body }) => {
          if (failure === 'reset') return void req.socket.destroy();
          if (failure === 'timeout') return void this.hanging.add(res);
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        })
        .catch((err: Error) => {
          this.errors.push(err.message);
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ errorCode: '500.003.02', errorMessage: err.message }));
        });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await this.flush();
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }

  /** Waits for every callback the fake has sent. */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Sends the held callbacks now and waits for their answers. */
  async release(): Promise<void> {
    this.holdCallbacks = false;
    for (const { url, body } of this.held.splice(0)) this.send(url, body, 0);
    await this.flush();
  }

  private send(url: string, body: unknown, delayMs = 300) {
    if (this.holdCallbacks) return void this.held.push({ url, body });
    const p = new Promise((r) => setTimeout(r, delayMs))
      .then(() =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
      .then(async (res) => {
        if (res.status !== 200) this.errors.push(`callback ${url} answered ${res.status}`);
        const ack = (await res.json()) as { ResultCode?: number };
        if (ack.ResultCode !== 0) this.errors.push(`callback ack was ${JSON.stringify(ack)}`);
      })
      .catch((err: Error) => this.errors.push(err.message))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET' && url.pathname === '/oauth/v1/generate') {
      this.oauthCalls++;
      const expected = `Basic ${Buffer.from(`${this.opts.consumerKey}:${this.opts.consumerSecret}`).toString('base64')}`;
      if (
        url.searchParams.get('grant_type') !== 'client_credentials' ||
        req.headers.authorization !== expected
      ) {
        return {
          status: 400,
          body: { errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' },
        };
      }
      const token = randomUUID().replaceAll('-', '');
      this.tokens.add(token);
      return { status: 200, body: { access_token: token, expires_in: '3599' } };
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !this.tokens.has(token)) {
      return {
        status: 401,
        body: { requestId: randomUUID(), errorCode: '404.001.03', errorMessage: 'Invalid Access Token' },
      };
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Body;
    const requestId = randomUUID();
    /** Daraja's answer to a request it refuses, naming what is wrong. */
    const badRequest = (problem: string) => ({
      status: 400,
      body: { requestId, errorCode: '400.002.02', errorMessage: `Bad Request - ${problem}` },
    });
    const firstMissing = (fields: string[]) => fields.find((f) => body[f] === undefined || body[f] === '');

    if (
      url.pathname === '/mpesa/stkpush/v1/processrequest' ||
      url.pathname === '/mpesa/stkpushquery/v1/query'
    ) {
      const problem = this.checkStkAuth(body);
      if (problem) return badRequest(problem);
    }

    if (url.pathname === '/mpesa/stkpush/v1/processrequest') {
      const missing = firstMissing([
        'TransactionType',
        'Amount',
        'PartyA',
        'PartyB',
        'PhoneNumber',
        'CallBackURL',
        'AccountReference',
        'TransactionDesc',
      ]);
      if (missing) return badRequest(`Invalid ${missing}`);
      if (
        body.TransactionType !== 'CustomerPayBillOnline' ||
        !Number.isInteger(body.Amount) ||
        body.Amount < 1
      ) {
        return badRequest('Invalid Amount');
      }
      if (!/^2547\d{8}$/.test(body.PhoneNumber) || body.PhoneNumber === '254744444444') {
        return badRequest('Invalid PhoneNumber');
      }
      if (String(body.AccountReference).length > 12 || String(body.TransactionDesc).length > 13) {
        return badRequest('Invalid AccountReference');
      }
      const merchant = `${Math.floor(Math.random() * 1e5)}-${Math.floor(Math.random() * 1e8)}-1`;
      const checkout = `ws_CO_${Date.now()}${Math.floor(Math.random() * 1e6)}`;
      const resultCode = body.PhoneNumber === '254722222222' ? 1032 : 0;
      this.stk.set(checkout, {
        phone: body.PhoneNumber,
        amount: body.Amount,
        callback: body.CallBackURL,
        resultCode,
      });
      if (body.PhoneNumber !== '254733333333') {
        const stkCallback: Record<string, unknown> = {
          MerchantRequestID: merchant,
          CheckoutRequestID: checkout,
          ResultCode: resultCode,
          ResultDesc:
            resultCode === 0 ? 'The service request is processed successfully.' : 'Request cancelled by user',
        };
        if (resultCode === 0) {
          stkCallback.CallbackMetadata = {
            Item: [
              { Name: 'Amount', Value: body.Amount },
              { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
              { Name: 'TransactionDate', Value: 20191219102115 },
              { Name: 'PhoneNumber', Value: Number(body.PhoneNumber) },
            ],
          };
        }
        this.send(body.CallBackURL, { Body: { stkCallback } });
      }
      return {
        status: 200,
        body: {
          MerchantRequestID: merchant,
          CheckoutRequestID: checkout,
          ResponseCode: '0',
          ResponseDescription: 'Success. Request accepted for processing',
          CustomerMessage: 'Success. Request accepted for processing',
        },
      };
    }

    if (url.pathname === '/mpesa/stkpushquery/v1/query') {
      const found = this.stk.get(body.CheckoutRequestID);
      if (!found)
        return {
          status: 500,
          body: { requestId, errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' },
        };
      return {
        status: 200,
        body: {
          ResponseCode: '0',
          ResponseDescription: 'The service request has been accepted successsfully',
          MerchantRequestID: 'x',
          CheckoutRequestID: body.CheckoutRequestID,
          ResultCode: String(found.resultCode),
          ResultDesc:
            found.resultCode === 0
              ? 'The service request is processed successfully.'
              : 'Request cancelled by user',
        },
      };
    }

    if (url.pathname === '/mpesa/b2c/v3/paymentrequest') {
      const missing = firstMissing([
        'OriginatorConversationID',
        'InitiatorName',
        'SecurityCredential',
        'CommandID',
        'Amount',
        'PartyA',
        'PartyB',
        'Remarks',
        'QueueTimeOutURL',
        'ResultURL',
      ]);
      if (missing) return badRequest(`Invalid ${missing}`);
      if (
        !['BusinessPayment', 'SalaryPayment', 'PromotionPayment'].includes(body.CommandID) ||
        !Number.isInteger(body.Amount)
      ) {
        return badRequest('Invalid CommandID');
      }
      if (body.PartyB === '254744444444') {
        return badRequest('Invalid PartyB');
      }
      this.b2c.push(body);
      this.payouts.set(body.OriginatorConversationID, {
        status: body.PartyB === '254722222222' ? 'Failed' : 'Completed',
        amount: body.Amount,
      });
      const conversation = `AG_${Date.now()}_${Math.floor(Math.random() * 1e9)}`;
      const base = {
        OriginatorConversationID: body.OriginatorConversationID,
        ConversationID: conversation,
        TransactionID: 'NLJ41HAY6Q',
        ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: body.QueueTimeOutURL } },
      };
      if (body.PartyB === '254755555555') {
        this.send(body.QueueTimeOutURL, {
          Result: { ResultType: 1, ResultCode: 1, ResultDesc: 'The request timed out in the queue', ...base },
        });
      } else if (body.PartyB === '254722222222') {
        this.send(body.ResultURL, {
          Result: {
            ResultType: 0,
            ResultCode: 2001,
            ResultDesc: 'The initiator information is invalid.',
            ...base,
          },
        });
      } else if (body.PartyB !== '254733333333') {
        this.send(body.ResultURL, {
          Result: {
            ResultType: 0,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            ...base,
            ResultParameters: {
              ResultParameter: [
                { Key: 'TransactionAmount', Value: body.Amount },
                { Key: 'TransactionReceipt', Value: 'NLJ41HAY6Q' },
                { Key: 'ReceiverPartyPublicName', Value: `${body.PartyB} - Test Player` },
              ],
            },
          },
        });
      }
      return {
        status: 200,
        body: {
          ConversationID: conversation,
          OriginatorConversationID: body.OriginatorConversationID,
          ResponseCode: '0',
          ResponseDescription: 'Accept the service request successfully.',
        },
      };
    }
    if (url.pathname === '/mpesa/transactionstatus/v1/query') {
      const missing = firstMissing([
        'Initiator',
        'SecurityCredential',
        'CommandID',
        'PartyA',
        'IdentifierType',
        'ResultURL',
        'QueueTimeOutURL',
        'Remarks',
      ]);
      if (missing) return badRequest(`Invalid ${missing}`);
      if (body.CommandID !== 'TransactionStatusQuery') return badRequest('Invalid CommandID');
      if (!body.TransactionID && !body.OriginatorConversationID) return badRequest('Invalid TransactionID');
      this.statusQueries.push(body);
      const conversation = `AG_${Date.now()}_${Math.floor(Math.random() * 1e9)}`;
      const found = this.payouts.get(body.OriginatorConversationID);
      const common = {
        OriginatorConversationID: `${Math.floor(Math.random() * 1e5)}-${Math.floor(Math.random() * 1e8)}-1`,
        ConversationID: conversation,
        TransactionID: 'NLJ0000000',
        ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: body.Occasion } },
      };
      this.send(body.ResultURL, {
        Result: found
          ? {
              ResultType: 0,
              ResultCode: 0,
              ResultDesc: 'The service request is processed successfully.',
              ...common,
              ResultParameters: {
                ResultParameter: [
                  { Key: 'ReceiptNo', Value: 'NLJ41HAY6Q' },
                  { Key: 'TransactionStatus', Value: found.status },
                  { Key: 'Amount', Value: found.amount },
                  { Key: 'ReasonType', Value: found.status === 'Completed' ? 'Salary Payment' : 'Failed' },
                ],
              },
            }
          : {
              ResultType: 0,
              ResultCode: 2001,
              ResultDesc: 'The initiator information is invalid.',
              ...common,
            },
      });
      return {
        status: 200,
        body: {
          OriginatorConversationID: common.OriginatorConversationID,
          ConversationID: conversation,
          ResponseCode: '0',
          ResponseDescription: 'Accept the service request successfully.',
        },
      };
    }
    return { status: 404, body: { requestId, errorCode: '404.001.01', errorMessage: 'Resource not found' } };
  }

  private checkStkAuth(body: Body): string | null {
    if (body.BusinessShortCode !== this.opts.shortcode) return 'Invalid BusinessShortCode';
    if (!/^\d{14}$/.test(String(body.Timestamp))) return 'Invalid Timestamp';
    const expected = Buffer.from(`${this.opts.shortcode}${this.opts.passkey}${body.Timestamp}`).toString(
      'base64',
    );
    return body.Password === expected ? null : 'Invalid Password';
  }
}

/** The credentials the Daraja tests give both the fake and the app. */
const TEST_DARAJA_CREDENTIALS: FakeDarajaOptions = {
  consumerKey: 'ck_test',
  consumerSecret: 'cs_test',
  shortcode: '174379',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd',
};

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

/**
 * A started fake Daraja and an app wired to it, listening on a free port so the fake's
 * callbacks reach it over HTTP as Safaricom's would. `env` adds to or overrides the app's.
 */
export async function startDarajaApp(
  mode: DbMode,
  env: Record<string, string> = {},
): Promise<{ fake: FakeDaraja; t: TestApp }> {
  const fake = new FakeDaraja(TEST_DARAJA_CREDENTIALS);
  const darajaUrl = await fake.start();
  const port = await freePort();
  const t = await startApp(mode, {
    PAYMENT_PROVIDER: 'daraja',
    DARAJA_BASE_URL: darajaUrl,
    DARAJA_CONSUMER_KEY: TEST_DARAJA_CREDENTIALS.consumerKey,
    DARAJA_CONSUMER_SECRET: TEST_DARAJA_CREDENTIALS.consumerSecret,
    DARAJA_SHORTCODE: TEST_DARAJA_CREDENTIALS.shortcode,
    DARAJA_PASSKEY: TEST_DARAJA_CREDENTIALS.passkey,
    DARAJA_SECURITY_CREDENTIAL: 'encrypted-initiator-password',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    ...env,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { fake, t };
}
