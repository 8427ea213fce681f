/**
 * Parked feed events (docs/decisions/063-a-feed-that-cannot-jam.md): compliance puts one back in
 * the queue from the staff site, with a reason written to the staff audit in the same transaction.
 * The delivery sends it next (the lowest sequence waiting), alone if it must; refused on its own
 * again, it is parked again with the new reason.
 */
import type { StaffFeedReleaseResponse } from '@mchezo/contracts/staff-compliance';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/tx.js';
import { refuse } from '../../lib/errors.js';
import type { AuditWriter } from './feed-replay.service.js';
import { releaseParked, saveDeliveryState } from './regulator-feed.repository.js';

export class FeedParkedService {
  constructor(
    private readonly ctx: AppContext,
    private readonly audit: AuditWriter,
  ) {}

  async release(
    actor: { userId: string; ip: string | null },
    sequence: number,
    reason: string,
  ): Promise<StaffFeedReleaseResponse> {
    await inTransaction(this.ctx.database, async (trx) => {
      if (!(await releaseParked(trx, sequence)))
        throw refuse('NOT_PARKED', `No parked feed event has sequence ${sequence}`);
      // The job's next round starts now (its backoff cut short), as a replay does.
      await saveDeliveryState(trx, { next_attempt_at: 0 });
      await this.audit(trx, {
        actorUserId: actor.userId,
        ip: actor.ip,
        action: 'regulator_feed.released',
        target: `regulator_feed:${sequence}`,
        before: { parked: true },
        after: { parked: false },
        reason,
      });
    });
    this.ctx.log.info(
      { job: 'regulator-feed', actor: actor.userId, sequence },
      'regulator feed: parked event released',
    );
    return { sequence, released: true };
  }
}
