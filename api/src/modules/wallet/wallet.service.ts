import { normalizePhone } from '@mchezo/contracts/auth';
import type {
  Balance,
  BalanceResponse,
  DepositRequest,
  Transaction,
  TransactionsQuery,
  TransactionsResponse,
  WithdrawRequest,
} from '@mchezo/contracts/wallet';
import { TRANSACTIONS_DEFAULT_PAGE_SIZE, WITHDRAWAL_MAX, WITHDRAWAL_MIN } from '@mchezo/contracts/wallet';
import type { CallbackKind, ProviderOutcome } from '../../adapters/payments/payment-provider.js';
import type { AppContext } from '../../context.js';
import type { Pot } from '../../db/schema.js';
import { inTransaction, type Tx } from '../../db/tx.js';
import { newId, sha256 } from '../../lib/crypto.js';
import { AppError, badRequest, forbidden, notFound, unprocessable } from '../../lib/errors.js';
import { fromMinor, toMinor } from '../../lib/money.js';
import { iso } from '../../lib/time.js';
import type { WalletPots } from '../auth/auth.repository.js';
import {
  applyMovements,
  findGameTx,
  findTxById,
  findTxByIdempotencyKey,
  findTxByProviderRef,
  findTxProvider,
  finishTx,
  getWallet,
  InsufficientFundsError,
  insertTx,
  ledgerEntriesFor,
  listTxPage,
  lockWallet,
  type Movement,
  movePot,
  type PageCursor,
  setProviderRef,
  type WalletRow,
  type WalletTxRow,
} from './wallet.repository.js';

const WALLET_CURRENCY = 'KES';
const DEPOSIT_MAX = 150_000;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_\-:.]{8,128}$/;
/** Game stakes spend promotional money first, then deposits, then winnings (decisions.md). */
const STAKE_ORDER: Pot[] = ['bonus', 'main', 'withdrawal'];

export type TxOutcome = { transaction_id: string; status: WalletTxRow['status'] };

export function toTransactionDto(row: WalletTxRow): Transaction {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    amount: fromMinor(row.amount),
    currency: row.currency,
    created_at: iso(row.created_at),
    payment_method: row.payment_method,
    failure_reason: row.failure_reason,
  };
}

export function balancesOf(wallet: Pick<WalletRow, Pot | 'currency'>): Balance[] {
  return (['main', 'withdrawal', 'bonus'] as const).map((pot) => ({
    balance_type: pot,
    amount: fromMinor(wallet[pot]),
    currency: wallet.currency,
  }));
}

const encodeCursor = (c: PageCursor) =>
  Buffer.from(JSON.stringify([c.createdAt, c.id])).toString('base64url');
function decodeCursor(token: string): PageCursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'number' && typeof id === 'string') return { createdAt, id };
  } catch {}
  throw badRequest('Invalid page_token', 'INVALID_PAGE_TOKEN');
}

export class WalletService {
  constructor(private readonly ctx: AppContext) {}

  private assertEnabled(): void {
    const { env } = this.ctx;
    if (!env.FEATURE_WALLET_ENABLED) throw forbidden('The wallet is not available', 'FEATURE_DISABLED');
  }

  private assertMobileMoney(): void {
    this.assertEnabled();
    if (!this.ctx.env.FEATURE_MOBILE_MONEY_ENABLED) {
      throw forbidden('Mobile money is not available', 'FEATURE_DISABLED');
    }
  }

  /** The pots come with the session check (AuthService.authenticateWithWallet): one query. */
  balances(pots: WalletPots): BalanceResponse {
    this.assertEnabled();
    const { currency, main, withdrawal, bonus } = pots;
    if (currency === null || main === null || withdrawal === null || bonus === null)
      throw notFound('Wallet not found');
    return { balances: balancesOf({ currency, main, withdrawal, bonus }) };
  }

  async list(userId: string, query: TransactionsQuery): Promise<TransactionsResponse> {
    this.assertEnabled();
    const size = query.page_size ?? TRANSACTIONS_DEFAULT_PAGE_SIZE;
    const rows = await listTxPage(this.ctx.database, userId, {
      type: query.type,
      after: query.page_token ? decodeCursor(query.page_token) : undefined,
      limit: size + 1,
    });
    const page = rows.slice(0, size);
    const last = page[page.length - 1];
    return {
      transactions: page.map(toTransactionDto),
      next_page_token:
        rows.length > size && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    };
  }

  async get(userId: string, id: string): Promise<Transaction> {
    this.assertEnabled();
    const row = await findTxById(this.ctx.database.db, id);
    if (!row || row.user_id !== userId) throw notFound('Transaction not found');
    return toTransactionDto(row);
  }

  private validateMoneyRequest(req: DepositRequest): { amount: number; phone: string } {
    if (req.currency !== WALLET_CURRENCY) {
      throw unprocessable(`Mobile money payments are in ${WALLET_CURRENCY} only`, 'UNSUPPORTED_CURRENCY');
    }
    if (!Number.isInteger(req.amount)) {
      throw unprocessable('Mobile money amounts must be whole shillings', 'WHOLE_AMOUNT_REQUIRED');
    }
    const phone = normalizePhone(req.phone_number);
    if (!phone) throw badRequest('Enter a valid mobile money phone number', 'INVALID_PHONE');
    if (!phone.startsWith('+254')) {
      throw unprocessable('Mobile money is available for Kenyan (+254) numbers only', 'UNSUPPORTED_PHONE');
    }
    return { amount: toMinor(req.amount), phone };
  }

  private idempotencyKey(header: string | undefined): string {
    if (header === undefined) return `auto:${newId()}`;
    if (!IDEMPOTENCY_KEY.test(header)) {
      throw badRequest(
        'Idempotency-Key must be 8-128 characters of letters, digits, - _ : .',
        'INVALID_IDEMPOTENCY_KEY',
      );
    }
    return header;
  }

  /**
   * Records the request once per idempotency key. Returns the existing transaction for a
   * repeated key (nothing moves again) or the new pending one.
   */
  private async createOnce(
    userId: string,
    type: WalletTxRow['type'],
    key: string,
    amount: number,
    phone: string,
    onCreate: (trx: Parameters<Parameters<typeof inTransaction>[1]>[0], row: WalletTxRow) => Promise<void>,
  ): Promise<{ row: WalletTxRow; created: boolean }> {
    const { clock, database, payments } = this.ctx;
    const requestHash = sha256(`${type}|${amount}|${WALLET_CURRENCY}|${phone}`);
    return inTransaction(database, async (trx) => {
      const existing = await findTxByIdempotencyKey(trx, userId, key);
      if (existing) {
        if (existing.type !== type || existing.request_hash !== requestHash) {
          throw unprocessable(
            'This Idempotency-Key was already used for a different request',
            'IDEMPOTENCY_MISMATCH',
          );
        }
        return { row: existing, created: false };
      }
      const now = clock.now();
      const id = newId();
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
      };
      await insertTx(trx, row);
      await onCreate(trx, row);
      return { row, created: true };
    });
  }

  private callbackBase(): string {
    const { env, payments } = this.ctx;
    return `${env.PUBLIC_BASE_URL}/api/v1/payments/callbacks/${payments.name}/${env.PAYMENT_CALLBACK_SECRET}`;
  }

  /** Pending deposit + STK push. The provider's callback (or reconciliation) settles it. */
  async deposit(userId: string, req: DepositRequest, keyHeader: string | undefined): Promise<TxOutcome> {
    this.assertMobileMoney();
    const { amount, phone } = this.validateMoneyRequest(req);
    if (amount > DEPOSIT_MAX * 100) {
      throw unprocessable(
        `Maximum deposit amount is KES ${DEPOSIT_MAX.toLocaleString('en-US')}`,
        'ABOVE_MAXIMUM',
      );
    }
    const key = this.idempotencyKey(keyHeader);
    const { row, created } = await this.createOnce(userId, 'deposit', key, amount, phone, async () => {});
    if (!created) return { transaction_id: row.id, status: row.status };
    return this.askProvider(row, 'deposit');
  }

  /** Reserves (debits) the amount from the withdrawal pot at once, then asks for the payout. */
  async withdraw(userId: string, req: WithdrawRequest, keyHeader: string | undefined): Promise<TxOutcome> {
    this.assertMobileMoney();
    const { amount, phone } = this.validateMoneyRequest(req);
    if (amount < WITHDRAWAL_MIN * 100) {
      throw unprocessable(`Minimum withdrawal amount is KES ${WITHDRAWAL_MIN}`, 'BELOW_MINIMUM');
    }
    if (amount > WITHDRAWAL_MAX * 100) {
      throw unprocessable(
        `Maximum withdrawal amount is KES ${WITHDRAWAL_MAX.toLocaleString('en-US')}`,
        'ABOVE_MAXIMUM',
      );
    }
    const key = this.idempotencyKey(keyHeader);
    let result: { row: WalletTxRow; created: boolean };
    try {
      result = await this.createOnce(userId, 'withdrawal', key, amount, phone, async (trx, row) => {
        await movePot(trx, userId, 'withdrawal', -amount, 'withdrawal', row.id, row.created_at);
      });
    } catch (err) {
      if (err instanceof InsufficientFundsError) {
        throw unprocessable("You don't have enough balance for this withdrawal", 'INSUFFICIENT_FUNDS');
      }
      throw err;
    }
    if (!result.created) return { transaction_id: result.row.id, status: result.row.status };
    return this.askProvider(result.row, 'withdrawal');
  }

  private async askProvider(row: WalletTxRow, type: WalletTxRow['type']): Promise<TxOutcome> {
    const { payments, log, clock, database } = this.ctx;
    const request = {
      transactionId: row.id,
      amountMinor: row.amount,
      currency: row.currency,
      phone: row.phone_number,
      callbackBaseUrl: this.callbackBase(),
    };
    try {
      const res =
        type === 'deposit' ? await payments.requestDeposit(request) : await payments.requestPayout(request);
      if (res.accepted) {
        if (res.providerRef === row.provider_ref) return { transaction_id: row.id, status: 'pending' };
        const status = await setProviderRef(database.db, row.id, res.providerRef, clock.now());
        return { transaction_id: row.id, status: status ?? 'pending' };
      } else {
        const status = await this.settle(row.id, { state: 'failed', reason: res.reason });
        return { transaction_id: row.id, status };
      }
    } catch (err) {
      // Unknown outcome (network error, timeout): stay pending; reconciliation asks the provider later.
      log.warn(
        { err: { message: (err as Error).message }, tx: row.id, provider: payments.name },
        'payment request failed',
      );
    }
    const current = await findTxById(database.db, row.id);
    return { transaction_id: row.id, status: current?.status ?? 'pending' };
  }

  /**
   * A provider's callback, once its sender is known to be the provider: the callback route
   * checks the secret in the URL; the simulator calls this in-process. The body is read by the
   * provider's adapter (an unrecognised one is a 400). Idempotent, as settleByProviderRef.
   * Returns the transaction's status, or null when no transaction matches.
   */
  async settleCallback(kind: CallbackKind, body: unknown): Promise<WalletTxRow['status'] | null> {
    const parsed = this.ctx.payments.parseCallback(kind, body);
    if (!parsed) throw badRequest('Unrecognised callback body', 'INVALID_CALLBACK_BODY');
    return this.settleByProviderRef(parsed.providerRef, parsed.outcome, parsed.transactionId);
  }

  /** Callback from the provider; idempotent (a repeated or late callback changes nothing twice). */
  async settleByProviderRef(
    providerRef: string,
    outcome: ProviderOutcome,
    transactionIdHint?: string,
  ): Promise<WalletTxRow['status'] | null> {
    const { database, payments } = this.ctx;
    // The lookup is part of the settling transaction: no separate read before it.
    return inTransaction(database, async (trx) => {
      // Our own id (when the body carries it) is a primary-key lookup; the reference must still
      // match, unless the callback outran the request that records it.
      let id: string | undefined;
      if (transactionIdHint) {
        const hinted = await findTxProvider(trx, transactionIdHint);
        if (hinted?.provider === payments.name && (hinted.provider_ref ?? providerRef) === providerRef)
          id = transactionIdHint;
      }
      id ??= (await findTxByProviderRef(trx, payments.name, providerRef))?.id;
      return id ? this.settleIn(trx, id, outcome) : null;
    });
  }

  /** Applies a final outcome to a pending transaction, once. Returns the resulting status. */
  async settle(id: string, outcome: ProviderOutcome): Promise<WalletTxRow['status']> {
    return inTransaction(this.ctx.database, (trx) => this.settleIn(trx, id, outcome));
  }

  private async settleIn(trx: Tx, id: string, outcome: ProviderOutcome): Promise<WalletTxRow['status']> {
    const { clock, log } = this.ctx;
    if (outcome.state === 'pending') return 'pending';
    const completed = outcome.state === 'completed';
    const now = clock.now();
    // The conditional update is the guard: of two concurrent settlements only one moves it
    // out of pending (PostgreSQL re-checks the WHERE after waiting for the row lock).
    const row = await finishTx(trx, id, completed, outcome.state === 'failed' ? outcome.reason : null, now);
    if (!row) {
      const current = await findTxById(trx, id);
      if (!current) throw notFound('Transaction not found');
      if ((current.status === 'completed') !== completed) {
        log.warn(
          { tx: id, status: current.status, outcome: outcome.state },
          'late callback contradicts settled transaction',
        );
      }
      return current.status;
    }
    if (row.status === 'completed' && row.type === 'deposit') {
      await movePot(trx, row.user_id, 'main', row.amount, 'deposit', id, now);
    } else if (row.status === 'reversed') {
      // A failed payout gives the reserved money back to the withdrawal pot.
      await movePot(trx, row.user_id, 'withdrawal', row.amount, 'withdrawal_reversal', id, now);
    }
    return row.status;
  }

  // ── Seamless wallet for game providers (amounts in minor units) ──────────────────────────

  async gameBalance(userId: string): Promise<WalletRow> {
    const wallet = await getWallet(this.ctx.database, userId);
    if (!wallet) throw notFound('Player not found');
    return wallet;
  }

  /**
   * Books a stake once per provider transaction id. Returns the wallet after the call.
   * A repeated id answers the same without moving money again.
   */
  async gameBet(input: GameMoneyInput): Promise<WalletRow> {
    const { database, clock } = this.ctx;
    try {
      return await inTransaction(database, async (trx) => {
        const wallet = await lockWallet(trx, input.userId);
        const existing = await findGameTx(trx, input.providerTxId);
        if (existing) return this.replay(existing, input, 'bet', wallet);
        const rolledBack = await trx
          .selectFrom('game_transactions')
          .select('provider_tx_id')
          .where('related_tx_id', '=', input.providerTxId)
          .where('kind', '=', 'rollback')
          .executeTakeFirst();
        if (rolledBack)
          throw new AppError(409, 'This transaction was already rolled back', {
            code: 'ALREADY_ROLLED_BACK',
          });
        let remaining = input.amount;
        const movements: Movement[] = [];
        for (const pot of STAKE_ORDER) {
          const take = Math.min(remaining, wallet[pot]);
          if (take > 0) movements.push({ pot, amount: -take });
          remaining -= take;
        }
        if (remaining > 0) throw new InsufficientFundsError();
        const now = clock.now();
        await this.recordGameTx(trx, input, 'bet', null, now);
        return applyMovements(trx, wallet, movements, 'bet', input.providerTxId, now);
      });
    } catch (err) {
      if (err instanceof InsufficientFundsError)
        throw unprocessable('Insufficient funds', 'INSUFFICIENT_FUNDS');
      throw err;
    }
  }

  /** Credits a win to the withdrawal pot once per provider transaction id. */
  async gameWin(input: GameMoneyInput): Promise<WalletRow> {
    const { database, clock } = this.ctx;
    return inTransaction(database, async (trx) => {
      const wallet = await lockWallet(trx, input.userId);
      const existing = await findGameTx(trx, input.providerTxId);
      if (existing) return this.replay(existing, input, 'win', wallet);
      const now = clock.now();
      await this.recordGameTx(trx, input, 'win', null, now);
      return applyMovements(
        trx,
        wallet,
        [{ pot: 'withdrawal', amount: input.amount }],
        'win',
        input.providerTxId,
        now,
      );
    });
  }

  /**
   * Cancels a stake: gives back exactly what it took from each pot. Idempotent on the rollback's
   * own id; a rollback of an unknown bet is recorded, so the bet is refused if it comes late.
   */
  async gameRollback(input: Omit<GameMoneyInput, 'amount'> & { rolledBackTxId: string }): Promise<WalletRow> {
    const { database, clock } = this.ctx;
    return inTransaction(database, async (trx) => {
      const wallet = await lockWallet(trx, input.userId);
      const existing = await findGameTx(trx, input.providerTxId);
      if (existing) {
        if (
          existing.kind !== 'rollback' ||
          existing.related_tx_id !== input.rolledBackTxId ||
          existing.user_id !== input.userId
        ) {
          throw new AppError(409, 'Transaction id already used for another operation', {
            code: 'DUPLICATE_TRANSACTION',
          });
        }
        return wallet;
      }
      const now = clock.now();
      const bet = await findGameTx(trx, input.rolledBackTxId);
      if (bet && (bet.kind !== 'bet' || bet.user_id !== input.userId)) {
        throw new AppError(409, 'Only a bet of this player can be rolled back', { code: 'INVALID_ROLLBACK' });
      }
      await this.recordGameTx(
        trx,
        { ...input, amount: bet?.amount ?? 0 },
        'rollback',
        input.rolledBackTxId,
        now,
      );
      if (!bet || bet.status === 'rolled_back') return wallet;
      await trx
        .updateTable('game_transactions')
        .set({ status: 'rolled_back' })
        .where('provider_tx_id', '=', bet.provider_tx_id)
        .execute();
      const taken = await ledgerEntriesFor(trx, bet.provider_tx_id, 'bet');
      const movements = taken.map((e) => ({ pot: e.pot, amount: -e.amount }));
      return applyMovements(trx, wallet, movements, 'rollback', bet.provider_tx_id, now);
    });
  }

  private replay(
    existing: { kind: string; user_id: string; amount: number; round_id: string },
    input: GameMoneyInput,
    kind: 'bet' | 'win',
    wallet: WalletRow,
  ): WalletRow {
    if (existing.kind !== kind || existing.user_id !== input.userId || existing.amount !== input.amount) {
      throw new AppError(409, 'Transaction id already used for another operation', {
        code: 'DUPLICATE_TRANSACTION',
      });
    }
    return wallet;
  }

  private recordGameTx(
    trx: Parameters<Parameters<typeof inTransaction>[1]>[0],
    input: Omit<GameMoneyInput, 'amount'> & { amount: number },
    kind: 'bet' | 'win' | 'rollback',
    related: string | null,
    now: number,
  ) {
    return trx
      .insertInto('game_transactions')
      .values({
        provider_tx_id: input.providerTxId,
        user_id: input.userId,
        kind,
        round_id: input.roundId,
        game_id: input.gameId,
        amount: input.amount,
        status: 'ok',
        related_tx_id: related,
        created_at: now,
      })
      .execute();
  }
}

export interface GameMoneyInput {
  userId: string;
  providerTxId: string;
  roundId: string;
  gameId: string;
  amount: number;
}
