import { toCents } from '@mchezo/contracts/money';
import type { DepositRequest, WithdrawRequest } from '@mchezo/contracts/wallet';
import type { Kysely } from 'kysely';
import { RequestNotSentError } from '../../adapters/payments/payment-provider.js';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { inTransaction } from '../../db/tx.js';
import { newId, sha256 } from '../../lib/crypto.js';
import { refuse } from '../../lib/errors.js';
import { limitDepositPrompts, moneyPhone, type Payer } from './money-phone.js';
import type { SettlementService } from './settlement.service.js';
import { bookingsOf, providerAmount, taxAt } from './taxes.js';
import {
  findTxById,
  findTxByIdempotencyKey,
  insertTxOnce,
  setProviderRef,
  type WalletTxRow,
} from './transactions.repository.js';
import type { WalletConfig } from './wallet.config.js';
import { bookEntries, InsufficientFundsError, lockWallet } from './wallet.repository.js';
import { assertWalletEnabled, playerStatus, WALLET_CURRENCY } from './wallet.service.js';

/**
 * Refuses a deposit of `amount` cents (throws) inside its transaction, after the wallet row is
 * locked: the safer-gambling limits and restrictions (docs/decisions/020-safer-gambling.md).
 */
type DepositGate = (trx: Kysely<DB>, userId: string, amount: number) => Promise<void>;

type TxOutcome = { transaction_id: string; status: ReturnType<typeof playerStatus> };

/** `<PUBLIC_BASE_URL>/api/v1/payments/callbacks/<provider>/<secret>`: adapters append `/<kind>/<id>`. */
export const callbackBaseUrl = (
  config: Pick<WalletConfig, 'PUBLIC_BASE_URL' | 'PAYMENT_CALLBACK_SECRET'>,
  provider: string,
): string =>
  `${config.PUBLIC_BASE_URL}/api/v1/payments/callbacks/${provider}/${config.PAYMENT_CALLBACK_SECRET}`;

/**
 * next_check_at of a new pending transaction: RECONCILE_AFTER_SECONDS after it was made, when
 * reconciliation first asks the provider about it (modules/finance/reconciliation.service.ts).
 */
const firstCheckAt = (env: Pick<WalletConfig, 'RECONCILE_AFTER_SECONDS'>, createdAt: number) =>
  createdAt + env.RECONCILE_AFTER_SECONDS * 1000;

/**
 * Mobile money: deposits and withdrawals asked of the payment provider. Their settlement (by
 * the provider's callback or by reconciliation) is SettlementService's.
 */
export class PaymentsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly config: WalletConfig,
    private readonly settlement: SettlementService,
    private readonly depositGate: DepositGate = async () => {},
  ) {}

  private assertMobileMoney(): void {
    assertWalletEnabled(this.config);
    if (!this.config.FEATURE_MOBILE_MONEY_ENABLED) {
      throw refuse('FEATURE_DISABLED', 'Mobile money is not available');
    }
  }

  /**
   * The request's own rules (KES, whole shillings, minimum and maximum, the key's form) are its
   * schema's (@mchezo/contracts/wallet); here only those that need the player: their own phone.
   */
  private moneyRequest(
    payer: Payer,
    req: DepositRequest | WithdrawRequest,
  ): { amount: number; phone: string } {
    return { amount: toCents(req.amount), phone: moneyPhone(payer, req.phone_number) };
  }

  /** The checked Idempotency-Key header, or a fresh key: without one every request is new. */
  private idempotencyKey(header: string | undefined): string {
    return header ?? `auto:${newId()}`;
  }

  /**
   * Records the request once per idempotency key, with the tax at the rate in force now. Returns
   * the existing transaction for a repeated key (nothing moves again) or the new pending one.
   */
  private async createOnce(
    userId: string,
    type: WalletTxRow['type'],
    key: string,
    amount: number,
    phone: string,
    onCreate: (trx: Kysely<DB>, row: WalletTxRow) => Promise<void>,
  ): Promise<{ row: WalletTxRow; created: boolean }> {
    const { clock, database, payments } = this.ctx;
    const requestHash = sha256(`${type}|${amount}|${WALLET_CURRENCY}|${phone}`);
    return inTransaction(database, async (trx) => {
      const now = clock.now();
      const id = newId();
      const { tax } = await taxAt(trx, this.config, type, amount, now);
      const row: WalletTxRow = {
        id,
        user_id: userId,
        type,
        status: 'pending',
        amount,
        currency: WALLET_CURRENCY,
        phone_number: phone,
        payment_method: payments.paymentMethod,
        provider: payments.name,
        provider_ref: payments.predictRef?.(id) ?? null,
        idempotency_key: key,
        request_hash: requestHash,
        failure_reason: null,
        created_at: now,
        updated_at: now,
        settled_at: null,
        next_check_at: firstCheckAt(this.config, now),
        check_count: 0,
        ...tax,
      };
      if (await insertTxOnce(trx, row)) {
        await onCreate(trx, row);
        return { row, created: true };
      }
      const existing = (await findTxByIdempotencyKey(trx, userId, key))!;
      if (existing.type !== type || existing.request_hash !== requestHash) {
        throw refuse('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was already used for a different request');
      }
      return { row: existing, created: false };
    });
  }

  /**
   * Pending deposit + STK push to the player's own phone. The provider's callback (or
   * reconciliation) settles it.
   */
  async deposit(payer: Payer, req: DepositRequest, keyHeader: string | undefined): Promise<TxOutcome> {
    this.assertMobileMoney();
    const { userId } = payer;
    const { amount, phone } = this.moneyRequest(payer, req);
    const key = this.idempotencyKey(keyHeader);
    const { row, created } = await this.createOnce(userId, 'deposit', key, amount, phone, async (trx) => {
      await lockWallet(trx, userId);
      await this.depositGate(trx, userId, amount);
      await limitDepositPrompts(trx, this.ctx, this.config, userId);
    });
    if (!created) return { transaction_id: row.id, status: playerStatus(row.status) };
    return this.askProvider(row);
  }

  /**
   * Reserves (debits) the amount from the withdrawal pot at once and books its withholding tax,
   * then asks for the payout of the amount minus the tax to the player's own phone.
   */
  async withdraw(payer: Payer, req: WithdrawRequest, keyHeader: string | undefined): Promise<TxOutcome> {
    this.assertMobileMoney();
    const { userId } = payer;
    const { amount, phone } = this.moneyRequest(payer, req);
    const key = this.idempotencyKey(keyHeader);
    let result: { row: WalletTxRow; created: boolean };
    try {
      result = await this.createOnce(userId, 'withdrawal', key, amount, phone, async (trx, row) => {
        // The reserve and the withholding tax, at once; both come back if the payout is reversed.
        await bookEntries(trx, userId, bookingsOf(row, 'pending'), row.id, row.created_at);
      });
    } catch (err) {
      if (err instanceof InsufficientFundsError) {
        throw refuse('INSUFFICIENT_FUNDS', "You don't have enough balance for this withdrawal");
      }
      throw err;
    }
    if (!result.created) return { transaction_id: result.row.id, status: playerStatus(result.row.status) };
    return this.askProvider(result.row);
  }

  private async askProvider(row: WalletTxRow): Promise<TxOutcome> {
    const { payments, log, clock, database } = this.ctx;
    const request = {
      transactionId: row.id,
      amountMinor: providerAmount(row),
      currency: row.currency,
      phone: row.phone_number,
      callbackBaseUrl: callbackBaseUrl(this.config, this.ctx.payments.name),
    };
    try {
      const res =
        row.type === 'deposit'
          ? await payments.requestDeposit(request)
          : await payments.requestPayout(request);
      if (res.accepted) {
        if (res.providerRef === row.provider_ref) return { transaction_id: row.id, status: 'pending' };
        const status = await setProviderRef(database.db, row.id, res.providerRef, clock.now());
        return { transaction_id: row.id, status: playerStatus(status ?? 'pending') };
      }
      const status = await this.settlement.settle(row.id, { state: 'failed', reason: res.reason });
      return { transaction_id: row.id, status: playerStatus(status) };
    } catch (err) {
      if (err instanceof RequestNotSentError) {
        // Known not to have reached the provider (no OAuth token): nothing can have moved.
        const reason = 'The payment service is unavailable. Please try again.';
        const status = await this.settlement.settle(row.id, { state: 'failed', reason });
        return { transaction_id: row.id, status: playerStatus(status) };
      }
      // Unknown outcome (timeout, 5xx, connection reset): stays pending, never failed for lack of
      // the provider's reference; a callback naming it (its URL carries our id) or
      // reconciliation settles it.
      log.warn(
        { err: { message: (err as Error).message }, tx: row.id, provider: payments.name },
        'payment request failed',
      );
    }
    const current = await findTxById(database.db, row.id);
    return { transaction_id: row.id, status: playerStatus(current?.status ?? 'pending') };
  }
}
