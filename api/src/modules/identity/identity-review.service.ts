/**
 * Compliance's identity queue (docs/decisions/056-identity-review-by-compliance.md):
 * the identities left `pending` (the register could not be asked), and what compliance does with
 * one: ask the register again with the details on file, or refuse it with one of the register's
 * reasons (the player reads it and may send new details). There is no approval by hand: without
 * the register's match nothing on file proves the document, so only the register confirms.
 * Each action is written to the staff audit in the same transaction as the change.
 */

import { maskDocumentNumber } from '@mchezo/contracts/identity';
import type {
  IdentityDecisionResponse,
  IdentityRejectCode,
  PendingIdentity,
} from '@mchezo/contracts/staff-compliance';
import { IDENTITY_CHECKS_PAGE } from '@mchezo/contracts/staff-compliance';
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { inTransaction } from '../../db/tx.js';
import { newId } from '../../lib/crypto.js';
import { notFound, refuse } from '../../lib/errors.js';
import { decodePageCursor, encodePageCursor } from '../../lib/page-cursor.js';
import { iso } from '../../lib/time.js';
import type { StaffAuditRecord } from '../staff/staff-audit.service.js';
import { findIdentity, insertCheck } from './identity.repository.js';
import type { IdentitiesTable } from './identity.tables.js';

/** The staff audit's `record`, in the caller's transaction. */
export type AuditWriter = (trx: Kysely<DB>, entry: StaffAuditRecord) => Promise<void>;

export interface StaffActor {
  userId: string;
  ip: string | null;
}

/** The provider name an identity check made by a member of staff is kept under. */
const STAFF_PROVIDER = 'staff';

export class IdentityReviewService {
  constructor(
    private readonly ctx: AppContext,
    private readonly audit: AuditWriter,
  ) {}

  /** Pending identities, the longest waiting first. */
  async pending(cursor?: string): Promise<{ checks: PendingIdentity[]; next_cursor: string | null }> {
    const after = decodePageCursor(cursor);
    let q = this.ctx.database.db
      .selectFrom('identities')
      .innerJoin('users', 'users.id', 'identities.user_id')
      .select((eb) => [
        'identities.user_id',
        'users.phone',
        'identities.full_name',
        'identities.document_type',
        'identities.document_number',
        'identities.reason',
        'identities.provider',
        'identities.checked_at',
        eb
          .selectFrom('identity_checks')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('identity_checks.user_id', '=', 'identities.user_id')
          .as('attempts'),
      ])
      .where('identities.status', '=', 'pending');
    if (after)
      q = q.where((eb) =>
        eb.or([
          eb('identities.checked_at', '>', after.at),
          eb.and([eb('identities.checked_at', '=', after.at), eb('identities.user_id', '>', after.id)]),
        ]),
      );
    const rows = await q
      .orderBy('identities.checked_at', 'asc')
      .orderBy('identities.user_id', 'asc')
      .limit(IDENTITY_CHECKS_PAGE + 1)
      .execute();
    const page = rows.slice(0, IDENTITY_CHECKS_PAGE);
    const last = page.at(-1);
    return {
      checks: page.map((r) => ({
        user_id: r.user_id,
        phone: r.phone,
        full_name: r.full_name,
        document_type: r.document_type,
        document_number_masked: maskDocumentNumber(r.document_number),
        reason: r.reason,
        provider: r.provider,
        checked_at: iso(Number(r.checked_at)),
        attempts: Number(r.attempts ?? 0),
      })),
      next_cursor:
        rows.length > IDENTITY_CHECKS_PAGE && last
          ? encodePageCursor(Number(last.checked_at), last.user_id)
          : null,
    };
  }

  /** Asks the register again with the details on file; its answer stands as a player's own check would. */
  async recheck(userId: string, actor: StaffActor, reason: string): Promise<IdentityDecisionResponse> {
    const row = await this.requirePending(userId);
    // The register is asked outside any transaction (docs/decisions/012).
    const outcome = await this.ctx.identity.check({
      fullName: row.full_name,
      dateOfBirth: row.date_of_birth,
      documentType: row.document_type,
      documentNumber: row.document_number,
    });
    const status = outcome.status === 'unavailable' ? 'pending' : outcome.status;
    const why =
      outcome.status === 'rejected'
        ? outcome.reason
        : outcome.status === 'unavailable'
          ? 'CHECK_UNAVAILABLE'
          : null;
    return this.decide(userId, row, actor, reason, {
      status,
      reason: why,
      provider: this.ctx.identity.name,
      action: 'identity.rechecked',
    });
  }

  /** Refuses a pending identity with one of the register's reasons. */
  async reject(
    userId: string,
    actor: StaffActor,
    code: IdentityRejectCode,
    reason: string,
  ): Promise<IdentityDecisionResponse> {
    const row = await this.requirePending(userId);
    return this.decide(userId, row, actor, reason, {
      status: 'rejected',
      reason: code,
      provider: STAFF_PROVIDER,
      action: 'identity.rejected',
    });
  }

  private async requirePending(userId: string) {
    const row = await findIdentity(this.ctx.database.db, userId);
    if (!row) throw notFound('This player has not sent their identity details');
    if (row.status !== 'pending')
      throw refuse('IDENTITY_NOT_PENDING', `This identity is ${row.status}, not pending`);
    return row;
  }

  private async decide(
    userId: string,
    row: { document_type: string; document_number: string },
    actor: StaffActor,
    note: string,
    change: {
      status: IdentitiesTable['status'];
      reason: IdentitiesTable['reason'];
      provider: string;
      action: string;
    },
  ): Promise<IdentityDecisionResponse> {
    const now = this.ctx.clock.now();
    const changed = await inTransaction(this.ctx.database, async (trx) => {
      // Only out of `pending`: a player's new details or a colleague's decision meanwhile wins.
      let update = trx
        .updateTable('identities')
        .set({
          status: change.status,
          reason: change.reason,
          provider: change.provider,
          checked_at: now,
          updated_at: now,
        })
        .where('user_id', '=', userId)
        .where('status', '=', 'pending');
      // A confirmation must not collide with the same document confirmed on another account.
      if (change.status === 'confirmed')
        update = update.where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('identities as other')
                .select('other.user_id')
                .whereRef('other.document_type', '=', 'identities.document_type')
                .whereRef('other.document_number', '=', 'identities.document_number')
                .where('other.status', '=', 'confirmed')
                .where('other.user_id', '<>', userId),
            ),
          ),
        );
      const done = await update.returning('user_id').executeTakeFirst();
      if (!done) return false;
      await insertCheck(trx, {
        id: newId(),
        user_id: userId,
        provider: change.provider,
        document_type: row.document_type,
        document_last4: row.document_number.slice(-4),
        status: change.status,
        reason: change.reason,
        checked_at: now,
      });
      await this.audit(trx, {
        actorUserId: actor.userId,
        ip: actor.ip,
        action: change.action,
        targetUserId: userId,
        target: `identity:${userId}`,
        before: { status: 'pending' },
        after: { status: change.status, reason: change.reason },
        reason: note,
      });
      return true;
    });
    if (!changed)
      throw refuse(
        'IDENTITY_NOT_PENDING',
        'This identity is no longer pending, or its document is confirmed on another account: reload it',
      );
    this.ctx.log.info({ userId, status: change.status, action: change.action }, 'identity decided by staff');
    return { user_id: userId, status: change.status, reason: change.reason };
  }
}
