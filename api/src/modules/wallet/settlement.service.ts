/**
 * Settlement of mobile-money transactions from the provider's answers (callbacks and
 * reconciliation). docs/decisions/014-payment-outcomes-and-review.md:
 *   - a documented success or failure settles a pending transaction once (conditional update);
 *   - an unknown outcome changes nothing: the transaction stays pending and is queried;
 *   - a success whose amount or phone differs from the request, or an answer contradicting a
 *     settled transaction, moves it to `review` (expected, reported and the raw callback kept);
 *   - a callback that matches no transaction, or comes to the other kind's URL, is kept in
 *     payment_callbacks and settles nothing.
 */
import type { Kysely } from 'kysely';
import {
  type CallbackKind,
  type ParsedCallback,
  type ProviderOutcome,
  subjectOfKind,
} from '../../adapters/payments/payment-provider.js';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { inTransaction } from '../../db/tx.js';
import { newId, sha256 } from '../../lib/crypto.js';
import { refuse } from '../../lib/errors.js';
import { insertCallbackOnce, insertReview } from './review.repository.js';
import { bookingsOf, providerAmount, reversalOf } from './taxes.js';
import {
  findTxById,
  findTxByProviderRef,
  finishTx,
  markReview,
  setProviderRefIfMissing,
  type WalletTxRow,
} from './transactions.repository.js';
import { bookEntries } from './wallet.repository.js';

type Status = WalletTxRow['status'];
type Outcome = Exclude<ProviderOutcome, { state: 'pending' }>;
const MAX_RAW = 16 * 1024;

function rawJson(body: unknown): string {
  try {
    return (JSON.stringify(body) ?? 'null').slice(0, MAX_RAW);
  } catch {
    return '"unserialisable"';
  }
}

/** What a review keeps of an outcome. */
function describeOutcome(outcome: Outcome) {
  if (outcome.state === 'completed')
    return {
      outcome: 'completed',
      amount_minor: outcome.reported?.amountMinor,
      phone: outcome.reported?.phone,
      receipt: outcome.receipt,
    };
  return { outcome: outcome.state, reason: outcome.reason };
}

/** A completed outcome whose reported amount or phone is not the request's. */
function mismatchOf(row: WalletTxRow, outcome: Outcome) {
  if (outcome.state !== 'completed' || !outcome.reported) return null;
  const { amountMinor, phone } = outcome.reported;
  // A payout is the amount withdrawn minus the withholding tax.
  const expected = providerAmount(row);
  const reason =
    amountMinor !== expected
      ? 'AMOUNT_MISMATCH'
      : phone !== undefined && phone !== row.phone_number
        ? 'PHONE_MISMATCH'
        : null;
  if (!reason) return null;
  return {
    reason,
    expected: { amount_minor: expected, phone: row.phone_number },
    reported: { amount_minor: amountMinor, phone: phone ?? null, receipt: outcome.receipt ?? null },
  };
}

export class SettlementService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * A provider's callback, once its sender is known to be the provider (the route checks the
   * secret in the URL; the simulator calls this in-process). `urlTransactionId` is the id the
   * callback URL names. Idempotent. Returns the transaction's status, or null when no
   * transaction matches (the callback is kept for review).
   */
  async settleCallback(kind: CallbackKind, body: unknown, urlTransactionId?: string): Promise<Status | null> {
    const { payments, database, clock, log } = this.ctx;
    const parsed = payments.parseCallback(kind, body);
    if (!parsed) throw refuse('INVALID_CALLBACK_BODY', 'Unrecognised callback body');
    const raw = rawJson(body);
    return inTransaction(database, async (trx) => {
      const row = await this.match(trx, parsed, urlTransactionId);
      const wrongKind = row && (parsed.subject !== subjectOfKind(kind) || row.type !== parsed.subject);
      if (!row || wrongKind) {
        await insertCallbackOnce(trx, {
          id: newId(),
          provider: payments.name,
          kind,
          reason: row ? 'WRONG_KIND' : 'NO_TRANSACTION',
          provider_ref: parsed.providerRef ?? null,
          transaction_id: row?.id ?? urlTransactionId ?? parsed.transactionId ?? null,
          body: raw,
          body_hash: sha256(`${payments.name}|${kind}|${urlTransactionId ?? ''}|${raw}`),
          created_at: clock.now(),
        });
        log.warn({ kind, tx: row?.id, wrongKind: Boolean(row) }, 'payment callback kept for review');
        return row ? row.status : null;
      }
      if (!row.provider_ref && parsed.providerRef)
        await setProviderRefIfMissing(trx, row.id, parsed.providerRef, clock.now());
      return this.settleIn(trx, row, parsed.outcome, raw);
    });
  }

  /**
   * The transaction a callback is about: the one its URL or body names (when its reference is
   * unknown yet or the same), else the one holding the body's reference.
   */
  private async match(trx: Kysely<DB>, parsed: ParsedCallback, urlId: string | undefined) {
    const provider = this.ctx.payments.name;
    for (const id of new Set([urlId, parsed.transactionId])) {
      if (!id) continue;
      const row = await findTxById(trx, id);
      if (
        row?.provider === provider &&
        (!row.provider_ref || !parsed.providerRef || row.provider_ref === parsed.providerRef)
      )
        return row;
    }
    return parsed.providerRef ? findTxByProviderRef(trx, provider, parsed.providerRef) : undefined;
  }

  /** Applies an outcome found by reconciliation or a refused request. Returns the status. */
  async settle(id: string, outcome: ProviderOutcome): Promise<Status> {
    return inTransaction(this.ctx.database, async (trx) => {
      const row = await findTxById(trx, id);
      if (!row) throw refuse('NOT_FOUND', 'Transaction not found');
      return this.settleIn(trx, row, outcome, null);
    });
  }

  /** A pending transaction nobody could settle for too long goes to the operators. */
  async reviewUnresolved(id: string, why: string): Promise<Status> {
    return inTransaction(this.ctx.database, async (trx) => {
      const row = await findTxById(trx, id);
      if (!row) throw refuse('NOT_FOUND', 'Transaction not found');
      if (row.status !== 'pending') return row.status;
      const expected = { amount_minor: providerAmount(row), phone: row.phone_number };
      const moved = await this.toReview(trx, row, 'UNRESOLVED', expected, { reason: why }, null);
      return moved ? 'review' : ((await findTxById(trx, id))?.status ?? 'pending');
    });
  }

  private async settleIn(
    trx: Kysely<DB>,
    first: WalletTxRow,
    outcome: ProviderOutcome,
    raw: string | null,
  ): Promise<Status> {
    const { clock, log } = this.ctx;
    if (outcome.state === 'pending') return first.status;
    if (outcome.state === 'unknown') {
      // Not a documented answer: nothing moves; reconciliation asks the provider.
      log.warn({ tx: first.id, status: first.status, reason: outcome.reason }, 'unknown payment outcome');
      return first.status;
    }
    let row: WalletTxRow | undefined = first;
    // Each pass either writes or finds the row moved by another writer; statuses only move forward.
    for (let pass = 0; row && pass < 3; pass++) {
      if (row.status === 'review') return 'review';
      if (row.status !== 'pending') {
        if ((row.status === 'completed') === (outcome.state === 'completed')) return row.status;
        // A result contradicting the settled one: an operator decides.
        if (
          await this.toReview(
            trx,
            row,
            'CONTRADICTS_SETTLED',
            { status: row.status },
            describeOutcome(outcome),
            raw,
          )
        )
          return 'review';
      } else {
        const mismatch = mismatchOf(row, outcome);
        if (mismatch) {
          if (await this.toReview(trx, row, mismatch.reason, mismatch.expected, mismatch.reported, raw))
            return 'review';
        } else {
          const done = await this.finish(trx, row.id, outcome, clock.now());
          if (done) return done;
        }
      }
      row = await findTxById(trx, first.id);
    }
    return row?.status ?? first.status;
  }

  /** Pending → final status, once, with its money movement. undefined when no longer pending. */
  private async finish(trx: Kysely<DB>, id: string, outcome: Outcome, now: number) {
    const completed = outcome.state === 'completed';
    // The conditional update is the guard: of two concurrent settlements only one moves it
    // out of pending (PostgreSQL re-checks the WHERE after waiting for the row lock).
    const row = await finishTx(trx, id, completed, outcome.state === 'failed' ? outcome.reason : null, now);
    if (!row) return undefined;
    if (row.status === 'completed' && row.type === 'deposit') {
      // The gross deposit and its excise duty (taxes.ts).
      await bookEntries(trx, row.user_id, bookingsOf(row, 'completed'), id, now);
    } else if (row.status === 'reversed') {
      // A failed payout gives the reserved money back to the withdrawal pot, and the tax with it.
      await bookEntries(trx, row.user_id, reversalOf(row), id, now);
    }
    return row.status;
  }

  private async toReview(
    trx: Kysely<DB>,
    row: WalletTxRow,
    reason: string,
    expected: unknown,
    reported: unknown,
    raw: string | null,
  ): Promise<boolean> {
    const now = this.ctx.clock.now();
    if (!(await markReview(trx, row.id, row.status, now))) return false;
    await insertReview(trx, {
      id: newId(),
      transaction_id: row.id,
      reason,
      status_before: row.status,
      expected: JSON.stringify(expected),
      reported: JSON.stringify(reported),
      raw_callback: raw,
      created_at: now,
      resolved_at: null,
    });
    this.ctx.log.warn({ tx: row.id, reason, from: row.status }, 'payment moved to review');
    return true;
  }
}
