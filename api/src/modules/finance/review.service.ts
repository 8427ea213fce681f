/**
 * The operators' review queue (docs/decisions/014-payment-outcomes-and-review.md): transactions
 * in `review`, callbacks that settled nothing, and withdrawals not paid within the guaranteed
 * time (PAYOUT_GUARANTEE_MINUTES, docs/decisions/041-loss-and-stake-limits.md). An operator completes or fails a transaction
 * (or closes a kept callback) with a note; the money is put where the decision says, by one
 * `review_adjustment` ledger entry against what is already booked, and every resolution is
 * written to the staff audit (finance-audit.ts: who, when, what, before, after).
 */
import { fromCents } from '@mchezo/contracts/money';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/tx.js';
import { refuse } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import {
  bookEntries,
  bookingsOf,
  type CallbackRow,
  closeOpen,
  findCallback,
  findTxById,
  InsufficientFundsError,
  type LedgerPot,
  listLatePayouts,
  listOpenCallbacks,
  listOpenReviews,
  netBooked,
  openReviewOf,
  resolveReviewedTx,
  reviewIdsOf,
} from '../wallet/ledger.service.js';
import type { FinanceConfig } from './finance.config.js';
import { auditEntry, type FinanceActor, financeAudit, type RecordAudit, readJson } from './finance-audit.js';

const callbackDto = (c: CallbackRow) => ({
  callback_id: c.id,
  provider: c.provider,
  kind: c.kind,
  reason: c.reason,
  provider_ref: c.provider_ref,
  transaction_id: c.transaction_id,
  body: readJson(c.body),
  received_at: iso(c.created_at),
});

const MINUTE_MS = 60_000;

interface Resolution {
  outcome: 'completed' | 'failed';
  note: string;
}

export class ReviewService {
  constructor(
    private readonly ctx: AppContext,
    private readonly config: FinanceConfig,
    private readonly recordAudit: RecordAudit,
  ) {}

  async list(limit: number) {
    const db = this.ctx.database.db;
    const now = this.ctx.clock.now();
    const guarantee = this.config.PAYOUT_GUARANTEE_MINUTES;
    const [reviews, callbacks, late] = await Promise.all([
      listOpenReviews(db, limit),
      listOpenCallbacks(db, limit),
      listLatePayouts(db, now - guarantee * MINUTE_MS, limit),
    ]);
    return {
      transactions: reviews.map((r) => ({
        transaction_id: r.id,
        review_id: r.review_id,
        type: r.type,
        reason: r.reason,
        status_before: r.status_before,
        amount: fromCents(r.amount),
        currency: r.currency,
        phone_number: r.phone_number,
        provider: r.provider,
        provider_ref: r.provider_ref,
        user_id: r.user_id,
        expected: readJson(r.expected),
        reported: readJson(r.reported),
        raw_callback: readJson(r.raw_callback),
        created_at: iso(r.created_at),
        review_created_at: iso(r.review_created_at),
      })),
      callbacks: callbacks.map(callbackDto),
      // Withdrawals not paid within the guaranteed time (PAYOUT_GUARANTEE_MINUTES), oldest first.
      late_payouts: late.map((w) => ({
        transaction_id: w.id,
        user_id: w.user_id,
        amount: fromCents(w.amount),
        currency: w.currency,
        phone_number: w.phone_number,
        provider: w.provider,
        provider_ref: w.provider_ref,
        created_at: iso(w.created_at),
        age_minutes: Math.floor((now - w.created_at) / MINUTE_MS),
        guarantee_minutes: guarantee,
      })),
    };
  }

  async audit(limit: number) {
    return financeAudit(this.ctx.database.db, limit);
  }

  /** Completes or fails a transaction in review; the money follows the decision. */
  async resolveTransaction(actor: FinanceActor, id: string, { outcome, note }: Resolution) {
    return inTransaction(this.ctx.database, async (trx) => {
      const now = this.ctx.clock.now();
      const row = await findTxById(trx, id);
      if (!row) throw refuse('NOT_FOUND', 'Transaction not found');
      if (row.status !== 'review')
        throw refuse('NOT_IN_REVIEW', `The transaction is ${row.status}, not in review`);
      const review = await openReviewOf(trx, id);
      if (!review) throw refuse('NOT_IN_REVIEW', 'The transaction has no open review');
      const completed = outcome === 'completed';
      const status = completed ? 'completed' : row.type === 'deposit' ? 'failed' : 'reversed';
      // What is booked now (the request, settlements, earlier adjustments) against what the
      // decision means (taxes.ts bookingsOf: a completed deposit credited with its excise duty,
      // a completed payout's reserve and withholding kept, a failed one neither), per account.
      const pot = row.type === 'deposit' ? 'main' : 'withdrawal';
      const refs = [row.id, ...(await reviewIdsOf(trx, id))];
      const targets = new Map<LedgerPot, number>([[pot, 0]]);
      for (const b of bookingsOf(row, status)) targets.set(b.pot, (targets.get(b.pot) ?? 0) + b.amount);
      for (const other of ['tax_excise', 'tax_withholding', 'operator'] as const)
        if (!targets.has(other)) targets.set(other, 0);
      const adjustments: { pot: LedgerPot; amount: number }[] = [];
      for (const [p, target] of targets)
        adjustments.push({ pot: p, amount: target - (await netBooked(trx, refs, p)) });
      const adjustment = adjustments.find((a) => a.pot === pot)?.amount ?? 0;
      const booked = -adjustment + (targets.get(pot) ?? 0);
      try {
        const entries = adjustments.map((a) => ({ ...a, kind: 'review_adjustment' as const }));
        await bookEntries(trx, row.user_id, entries, review.id, now);
      } catch (err) {
        if (err instanceof InsufficientFundsError)
          throw refuse(
            'INSUFFICIENT_FUNDS',
            `The player's ${pot} balance no longer covers this correction of ${fromCents(adjustment)}`,
          );
        throw err;
      }
      const reason = completed ? null : 'The payment could not be confirmed';
      if (
        !(await resolveReviewedTx(trx, id, status, reason, now)) ||
        !(await closeOpen(trx, 'payment_reviews', review.id, now))
      )
        throw refuse('ALREADY_RESOLVED', 'Another operator resolved it first');
      // The tax and operator accounts' corrections, when there were any.
      const others = adjustments.filter((a) => a.pot !== pot && a.amount !== 0);
      const after = {
        status,
        adjustment_minor: adjustment,
        review_id: review.id,
        ...(others.length
          ? { accounts_minor: Object.fromEntries(others.map((a) => [a.pot, a.amount])) }
          : {}),
      };
      await this.recordAudit(
        trx,
        auditEntry(actor, `finance.transaction_${outcome}`, ['transaction', id], {
          targetUserId: row.user_id,
          before: { status: row.status, reason: review.reason, booked_minor: booked },
          after,
          note,
        }),
      );
      return { transaction_id: id, status, adjustment: fromCents(adjustment) };
    });
  }

  /** Closes a kept callback (an operator has dealt with it); nothing moves. */
  async resolveCallback(actor: FinanceActor, id: string, note: string) {
    return inTransaction(this.ctx.database, async (trx) => {
      const now = this.ctx.clock.now();
      const row = await findCallback(trx, id);
      if (!row) throw refuse('NOT_FOUND', 'Callback not found');
      if (!(await closeOpen(trx, 'payment_callbacks', id, now)))
        throw refuse('ALREADY_RESOLVED', 'The callback is already resolved');
      await this.recordAudit(
        trx,
        auditEntry(actor, 'finance.callback_closed', ['callback', id], {
          before: { resolved: false, reason: row.reason, transaction_id: row.transaction_id },
          after: { resolved: true },
          note,
        }),
      );
      return { callback_id: id, resolved: true };
    });
  }
}
