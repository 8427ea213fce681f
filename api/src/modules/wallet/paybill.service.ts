import { C2bPayment } from '@mchezo/contracts/payments';
import type { PaybillResponse } from '@mchezo/contracts/wallet';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { inTransaction } from '../../db/tx.js';
import { newId, sha256 } from '../../lib/crypto.js';
import { refuse } from '../../lib/errors.js';
import {
  findAccountHolder,
  findAccountOf,
  insertAccountOnce,
  insertPaymentOnce,
} from './paybill.repository.js';
import { newAccountNumber, readAccountNumber } from './paybill-account.js';
import { bookingsOf, taxAt } from './taxes.js';
import { insertTxOnce } from './transactions.repository.js';
import type { WalletConfig } from './wallet.config.js';
import { bookEntries } from './wallet.repository.js';
import { assertWalletEnabled, WALLET_CURRENCY } from './wallet.service.js';

export const C2B_ACCEPTED = { ResultCode: '0', ResultDesc: 'Accepted' } as const;

function parse(body: unknown): C2bPayment {
  const parsed = C2bPayment.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw refuse(
    'INVALID_CALLBACK_BODY',
    `Invalid C2B body${issue ? `: ${issue.path.join('.')}: ${issue.message}` : ''}`,
  );
}

/** 2547XXXXXXXX → +2547XXXXXXXX; a masked or hashed MSISDN is kept as sent. */
const payerPhone = (msisdn: string) => (/^254\d{9}$/.test(msisdn) ? `+${msisdn}` : msisdn.slice(0, 32));

export class PaybillService {
  constructor(
    private readonly ctx: AppContext,
    private readonly config: WalletConfig,
  ) {}

  get paybillNumber(): string {
    return this.config.MPESA_PAYBILL_NUMBER ?? this.config.DARAJA_SHORTCODE;
  }

  /** `<PUBLIC_BASE_URL>/api/v1/payments/c2b/<provider>/<secret>/<confirmation|validation>`. */
  c2bUrl(kind: 'confirmation' | 'validation'): string {
    const { PUBLIC_BASE_URL, PAYMENT_CALLBACK_SECRET } = this.config;
    return `${PUBLIC_BASE_URL}/api/v1/payments/c2b/${this.ctx.payments.name}/${PAYMENT_CALLBACK_SECRET}/${kind}`;
  }

  /** The paybill and the player's account number, given on first use (stable afterwards). */
  async details(userId: string): Promise<PaybillResponse> {
    assertWalletEnabled(this.config);
    if (!this.config.FEATURE_MOBILE_MONEY_ENABLED)
      throw refuse('FEATURE_DISABLED', 'Mobile money is not available');
    return {
      paybill_number: this.paybillNumber,
      account_number: await this.accountOf(this.ctx.database.db, userId),
    };
  }

  /** The player's account number, given now when they have none yet. */
  async accountOf(db: Kysely<DB>, userId: string): Promise<string> {
    let account = await findAccountOf(db, userId);
    // A number another player holds is skipped; 9 million numbers make a retry rare.
    for (let attempt = 0; !account && attempt < 5; attempt++) {
      await insertAccountOnce(db, userId, newAccountNumber(), this.ctx.clock.now());
      account = await findAccountOf(db, userId);
    }
    if (!account) throw new Error('no free Paybill account number after 5 attempts');
    return account;
  }

  /**
   * Daraja's validation call (only made when external validation is enabled for the shortcode):
   * a payment to an account number that is malformed or nobody's is refused before the payer's
   * money moves. Answered 200 either way, with Daraja's result codes.
   */
  async validate(body: unknown) {
    const parsed = C2bPayment.safeParse(body);
    if (!parsed.success) {
      const amountBad = parsed.error.issues.every((i) => i.path[0] === 'TransAmount');
      return amountBad
        ? { ResultCode: 'C2B00013', ResultDesc: 'Rejected' }
        : { ResultCode: 'C2B00016', ResultDesc: 'Rejected' };
    }
    const account = readAccountNumber(parsed.data.BillRefNumber);
    if (!account || !(await findAccountHolder(this.ctx.database.db, account)))
      return { ResultCode: 'C2B00012', ResultDesc: 'Rejected' };
    return C2B_ACCEPTED;
  }

  /**
   * A confirmation (the money has moved at M-Pesa): credited once per TransID, or kept in
   * suspense. 400 for a body that is not a C2B confirmation (nothing stored, nothing moves).
   */
  async confirm(body: unknown): Promise<{ status: 'credited' | 'suspense'; repeated: boolean }> {
    const payment = parse(body);
    const raw = JSON.stringify(body).slice(0, 16 * 1024);
    return inTransaction(this.ctx.database, async (trx) => {
      const now = this.ctx.clock.now();
      const account = readAccountNumber(payment.BillRefNumber);
      const holder = account ? await findAccountHolder(trx, account) : undefined;
      const reason =
        payment.BusinessShortCode !== this.paybillNumber
          ? 'OTHER_SHORTCODE'
          : !account
            ? 'MALFORMED_ACCOUNT'
            : !holder
              ? 'UNKNOWN_ACCOUNT'
              : null;
      const id = newId();
      const transactionId = reason ? null : newId();
      const inserted = await insertPaymentOnce(trx, {
        id,
        trans_id: payment.TransID,
        status: reason ? 'suspense' : 'credited',
        reason,
        amount: payment.TransAmount,
        bill_ref: payment.BillRefNumber ?? '',
        msisdn: payment.MSISDN,
        short_code: payment.BusinessShortCode,
        user_id: reason ? null : (holder ?? null),
        transaction_id: transactionId,
        body: raw,
        created_at: now,
        resolved_at: reason ? null : now,
      });
      if (!inserted) return { status: reason ? 'suspense' : 'credited', repeated: true };
      if (reason || !holder || !transactionId) {
        this.ctx.log.warn({ transId: payment.TransID, reason }, 'paybill payment kept in suspense');
        return { status: 'suspense', repeated: false };
      }
      await this.credit(trx, holder, transactionId, payment, raw, now);
      return { status: 'credited', repeated: false };
    });
  }

  /**
   * A completed `paybill` deposit and its ledger entries, in the caller's transaction (a payment
   * that matched, or one finance assigns from suspense: modules/finance/paybill-suspense.service.ts).
   */
  async credit(
    trx: Kysely<DB>,
    userId: string,
    transactionId: string,
    p: Pick<C2bPayment, 'TransID' | 'TransAmount' | 'MSISDN'>,
    raw: string,
    now: number,
  ) {
    const row = {
      id: transactionId,
      user_id: userId,
      type: 'deposit',
      status: 'completed',
      amount: p.TransAmount,
      currency: WALLET_CURRENCY,
      phone_number: payerPhone(p.MSISDN),
      payment_method: 'paybill',
      provider: this.ctx.payments.name,
      provider_ref: p.TransID,
      idempotency_key: `paybill:${p.TransID}`,
      request_hash: sha256(raw),
      failure_reason: null,
      created_at: now,
      updated_at: now,
      settled_at: now,
      // Completed on arrival: never due for reconciliation.
      next_check_at: null,
      check_count: 0,
      // At the rate in force when it is credited (an assigned payment: when the operator assigns it).
      ...(await taxAt(trx, this.config, 'deposit', p.TransAmount, now)).tax,
    } as const;
    if (!(await insertTxOnce(trx, row)))
      throw refuse('ALREADY_CREDITED', 'This M-Pesa payment is already credited');
    // The gross deposit and its excise duty, as for any completed deposit (taxes.ts).
    await bookEntries(trx, userId, bookingsOf(row, 'completed'), transactionId, now);
  }
}
