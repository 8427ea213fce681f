/**
 * Manual balance adjustments with four eyes (docs/decisions/055): a finance
 * person proposes one (a signed amount on the player's main balance and a reason; nothing moves),
 * and ANOTHER finance person approves it (booked in the ledger) or rejects it, with a reason. The
 * proposer cannot approve their own (403 FOUR_EYES_REQUIRED). An approval books, in one
 * transaction: the pending → approved move (a conditional update, so two approvals at once book
 * once), a `manual_adjustment` entry on the player's `main` and its counterpart on the `operator`
 * account (the operator's own money pays a credit and receives a debit), the regulator feed's event
 * (bookEntries, decision 042) and the staff audit row. A debit larger than the balance is refused
 * (409 INSUFFICIENT_FUNDS) and the adjustment stays pending.
 */
import { normalizePhone } from '@mchezo/contracts/auth';
import type {
  Adjustment,
  AdjustmentListQuery,
  FinancePlayer,
  ProposeAdjustmentRequest,
} from '@mchezo/contracts/staff-finance';
import { readAccountNumber } from '@mchezo/contracts/wallet-constants';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { inTransaction } from '../../db/tx.js';
import { newId } from '../../lib/crypto.js';
import { refuse } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import type { SecondPersonCheck } from '../staff/staff.types.js';
import { bookEntries, findWallet, InsufficientFundsError } from '../wallet/ledger.service.js';
import {
  type AdjustmentRow,
  decidePending,
  findAdjustment,
  findPlayersFor,
  insertAdjustment,
  listAdjustments,
} from './adjustments.repository.js';

/** One staff action for the staff audit (modules/staff), written in the caller's transaction. */
export interface AdjustmentAuditEntry {
  actorUserId: string;
  ip: string | null;
  action: string;
  targetUserId: string;
  target: string;
  before?: unknown;
  after?: unknown;
  reason: string;
}
export type RecordAudit = (trx: Kysely<DB>, entry: AdjustmentAuditEntry) => Promise<void>;

/** The member of staff acting, from their staff session. */
export interface StaffActor {
  userId: string;
  ip: string | null;
}

const person = (userId: string, phone: string, fullName: string | null) => ({
  user_id: userId,
  phone,
  full_name: fullName,
});

const dto = (r: AdjustmentRow): Adjustment => ({
  id: r.id,
  player: person(r.user_id, r.player_phone, r.player_name),
  amount_cents: Number(r.amount),
  status: r.status,
  reason: r.reason,
  proposed_by: person(r.proposed_by, r.proposer_phone, r.proposer_name),
  proposed_at: iso(Number(r.proposed_at)),
  decided_by: r.decided_by && r.decider_phone ? person(r.decided_by, r.decider_phone, r.decider_name) : null,
  decided_at: r.decided_at === null ? null : iso(Number(r.decided_at)),
  decision_reason: r.decision_reason,
});

export class AdjustmentService {
  constructor(
    private readonly ctx: AppContext,
    private readonly audit: RecordAudit,
    /** Four eyes (modules/staff four-eyes.service.ts): the approver is a second person to the proposer. */
    private readonly secondPerson: SecondPersonCheck,
  ) {}

  async list(q: AdjustmentListQuery): Promise<{ adjustments: Adjustment[] }> {
    const rows = await listAdjustments(this.ctx.database.db, q.status, q.limit);
    return { adjustments: rows.map(dto) };
  }

  /** A pending adjustment, audited; 404 for an unknown player. */
  async propose(actor: StaffActor, input: ProposeAdjustmentRequest): Promise<Adjustment> {
    const id = newId();
    await inTransaction(this.ctx.database, async (trx) => {
      if (!(await findWallet(trx, input.player_id))) throw refuse('NOT_FOUND', 'Player not found');
      // Nobody moves money into or out of their own account (or one that is theirs in all but name).
      await this.secondPerson(trx, actor.userId, [input.player_id], 'propose an adjustment to this account');
      const now = this.ctx.clock.now();
      await insertAdjustment(trx, {
        id,
        user_id: input.player_id,
        amount: input.amount_cents,
        reason: input.reason,
        status: 'pending',
        proposed_by: actor.userId,
        proposed_at: now,
        decided_by: null,
        decided_at: null,
        decision_reason: null,
      });
      await this.audit(trx, {
        ...this.who(actor, input.player_id, id),
        action: 'finance.adjustment_proposed',
        after: { status: 'pending', amount_cents: input.amount_cents },
        reason: input.reason,
      });
    });
    return dto((await findAdjustment(this.ctx.database.db, id))!);
  }

  /** Books it, by someone other than the proposer; once. */
  async approve(actor: StaffActor, id: string, reason: string): Promise<Adjustment> {
    await inTransaction(this.ctx.database, async (trx) => {
      const row = await this.pending(trx, id);
      await this.secondPerson(trx, actor.userId, [row.proposed_by, row.user_id], 'approve this adjustment');
      const now = this.ctx.clock.now();
      if (!(await decidePending(trx, id, this.decision('approved', actor, reason, now))))
        throw refuse('ALREADY_DECIDED', 'Someone decided this adjustment first');
      const amount = Number(row.amount);
      const before = (await findWallet(trx, row.user_id))?.main ?? 0;
      try {
        await bookEntries(
          trx,
          row.user_id,
          [
            { pot: 'main', amount, kind: 'manual_adjustment' },
            { pot: 'operator', amount: -amount, kind: 'manual_adjustment' },
          ],
          id,
          now,
        );
      } catch (err) {
        if (err instanceof InsufficientFundsError)
          throw refuse('INSUFFICIENT_FUNDS', "The player's balance does not cover this debit");
        throw err;
      }
      await this.audit(trx, {
        ...this.who(actor, row.user_id, id),
        action: 'finance.adjustment_approved',
        before: { status: 'pending', main_cents: before },
        after: { status: 'approved', amount_cents: amount, main_cents: before + amount },
        reason,
      });
    });
    return dto((await findAdjustment(this.ctx.database.db, id))!);
  }

  /** Declines it (the proposer may withdraw their own); nothing moves. */
  async reject(actor: StaffActor, id: string, reason: string): Promise<Adjustment> {
    await inTransaction(this.ctx.database, async (trx) => {
      const row = await this.pending(trx, id);
      if (!(await decidePending(trx, id, this.decision('rejected', actor, reason, this.ctx.clock.now()))))
        throw refuse('ALREADY_DECIDED', 'Someone decided this adjustment first');
      await this.audit(trx, {
        ...this.who(actor, row.user_id, id),
        action: 'finance.adjustment_rejected',
        before: { status: 'pending', amount_cents: Number(row.amount) },
        after: { status: 'rejected' },
        reason,
      });
    });
    return dto((await findAdjustment(this.ctx.database.db, id))!);
  }

  /**
   * Players by phone (any usual form) or Paybill account number, with their balances. A read only:
   * a player who has no account number yet shows none (assigning a payment to them gives one).
   */
  async findPlayers(q: string): Promise<{ players: FinancePlayer[] }> {
    const phone = normalizePhone(q);
    const account = readAccountNumber(q);
    const rows = phone || account ? await findPlayersFor(this.ctx.database.db, phone, account) : [];
    return {
      players: rows.map((r) => ({
        user_id: r.id,
        phone: r.phone,
        full_name: r.full_name,
        account_number: r.account_number,
        main_cents: Number(r.main),
        withdrawal_cents: Number(r.withdrawal),
      })),
    };
  }

  private async pending(trx: Kysely<DB>, id: string): Promise<AdjustmentRow> {
    const row = await findAdjustment(trx, id);
    if (!row) throw refuse('NOT_FOUND', 'Adjustment not found');
    if (row.status !== 'pending') throw refuse('ALREADY_DECIDED', `The adjustment is already ${row.status}`);
    return row;
  }

  private who(actor: StaffActor, playerId: string, id: string) {
    return { actorUserId: actor.userId, ip: actor.ip, targetUserId: playerId, target: `adjustment:${id}` };
  }

  private decision(status: 'approved' | 'rejected', actor: StaffActor, reason: string, now: number) {
    return { status, decided_by: actor.userId, decided_at: now, decision_reason: reason };
  }
}
