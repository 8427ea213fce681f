/**
 * Writing one manifest change as the next revision (compare-and-swap): inside one transaction
 * the manifest must still be at the change's base revision (409 STALE_REVISION otherwise), the
 * versions it newly names are held not retired (live-check.ts), a running guard plan of a remote
 * it concerns ends, but for the guard's own, and the revision is inserted.
 */
import type { ReleaseManifest, RevisionEntry } from '@mchezo/contracts/releases';
import { ReleaseManifest as ReleaseManifestSchema } from '@mchezo/contracts/releases';
import type { AppContext } from '../../context.js';
import { inTransaction, isUniqueViolation } from '../../db/tx.js';
import { refuse } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import { type ChangeOptions, changedRemotes } from './canary-plans.js';
import { endRunningPlans } from './canary-plans.repository.js';
import { holdNotRetired } from './live-check.js';
import { insertRevision, latestRevision, type RevisionRow } from './releases.repository.js';

export type Remotes = ReleaseManifest['remotes'];

/** What a command makes of the current manifest: the next remotes and how to say so in the history. */
export interface Change {
  action: string;
  remotes: Remotes;
}

/** A revision as the API answers it. */
export function toRevisionEntry(row: RevisionRow): RevisionEntry {
  return {
    revision: row.revision,
    author: row.author,
    reason: row.reason,
    action: row.action,
    created_at: iso(row.created_at),
    manifest: JSON.parse(row.manifest) as ReleaseManifest,
  };
}

/** 409 STALE_REVISION: the manifest moved on from the revision a change was made from. */
export const stale = (base: number, current: number) =>
  refuse(
    'STALE_REVISION',
    `The release manifest is at revision ${current}, not ${base}: someone else changed it. Re-read it (list or history) and try again.`,
  );

/**
 * Writes `change`, made from `current` by `actor` for `reason`, as revision current + 1, only if
 * the manifest is still at `current` (checked again inside the write transaction, with the named
 * versions' rows locked while they are not retired). Answers the revision as written.
 */
export async function writeRevision(
  ctx: AppContext,
  {
    actor,
    reason,
    current,
    change,
  }: { actor: string; reason: string; current: ReleaseManifest; change: Change },
  opts: ChangeOptions = {},
): Promise<RevisionEntry> {
  const base = current.revision;
  const { action, remotes } = change;
  const manifest: ReleaseManifest = ReleaseManifestSchema.parse({ revision: base + 1, remotes });
  const row: RevisionRow = {
    revision: base + 1,
    manifest: JSON.stringify(manifest),
    author: actor,
    reason,
    action,
    created_at: ctx.clock.now(),
  };
  try {
    await inTransaction(ctx.database, async (trx) => {
      const latest = await latestRevision(trx);
      const at = latest?.revision ?? 0;
      if (at !== base) throw stale(base, at);
      await holdNotRetired(trx, current.remotes, remotes);
      const touched = [...new Set([...changedRemotes(current.remotes, remotes), ...(opts.touches ?? [])])];
      const ended = await endRunningPlans(trx, touched, opts.keepPlan, {
        at: row.created_at,
        reason: `${action} by ${actor} (revision ${row.revision}): ${reason}`,
      });
      if (ended.length) row.action = `${action}; canary guard plan ended (${ended.join(', ')})`;
      await insertRevision(trx, row);
      await opts.inTx?.(trx, row);
    });
  } catch (err) {
    // PostgreSQL: a concurrent writer inserted the same revision number first.
    if (isUniqueViolation(err)) throw stale(base, base + 1);
    throw err;
  }
  ctx.log.info({ revision: row.revision, author: actor, action: row.action }, 'release manifest changed');
  return toRevisionEntry(row);
}
