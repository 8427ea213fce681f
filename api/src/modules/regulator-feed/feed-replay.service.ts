/**
 * A replay of the regulator feed asked for by compliance on the staff site (decision 042): every
 * delivered event from a sequence number on is queued again, with the reason written to the staff
 * audit in the same transaction as the requeue. The one way to replay the feed (the old
 * unaudited `POST /regulator-feed/replay` is gone: docs/decisions/061).
 */
import type { StaffFeedReplayResponse } from '@mchezo/contracts/staff-compliance';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { inTransaction } from '../../db/tx.js';
import type { StaffAuditRecord } from '../staff/staff-audit.service.js';
import { requeueFrom, saveDeliveryState } from './regulator-feed.repository.js';

export type AuditWriter = (trx: Kysely<DB>, entry: StaffAuditRecord) => Promise<void>;

export class FeedReplayService {
  constructor(
    private readonly ctx: AppContext,
    private readonly audit: AuditWriter,
  ) {}

  async replay(
    actor: { userId: string; ip: string | null },
    fromSequence: number,
    reason: string,
  ): Promise<StaffFeedReplayResponse> {
    const requeued = await inTransaction(this.ctx.database, async (trx) => {
      const n = await requeueFrom(trx, fromSequence);
      // The job's next round starts now (its backoff cut short), as the operators' replay does.
      await saveDeliveryState(trx, { next_attempt_at: 0 });
      await this.audit(trx, {
        actorUserId: actor.userId,
        ip: actor.ip,
        action: 'regulator_feed.replayed',
        target: `regulator_feed:${fromSequence}`,
        after: { from_sequence: fromSequence, requeued: n },
        reason,
      });
      return n;
    });
    this.ctx.log.info(
      { job: 'regulator-feed', actor: actor.userId, fromSequence, requeued },
      'regulator feed: replay',
    );
    return { from_sequence: fromSequence, requeued };
  }
}
