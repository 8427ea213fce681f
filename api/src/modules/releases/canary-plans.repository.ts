/** Data access for guarded canaries' plans. Every function takes the database or a transaction. */
import type { Kysely, Updateable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { CanaryPlansTable } from './releases.tables.js';

type Db = Kysely<DB>;
export type PlanRow = CanaryPlansTable;

export async function insertPlan(db: Db, row: PlanRow): Promise<void> {
  await db.insertInto('canary_plans').values(row).execute();
}

export function runningPlans(db: Db): Promise<PlanRow[]> {
  return db
    .selectFrom('canary_plans')
    .selectAll()
    .where('status', '=', 'running')
    .orderBy('created_at', 'asc')
    .execute();
}

/** Each remote's newest plan, whatever its state. */
export async function latestPlans(db: Db): Promise<Map<string, PlanRow>> {
  const rows = await db
    .selectFrom('canary_plans')
    .selectAll()
    .where('created_at', '=', (eb) =>
      eb
        .selectFrom('canary_plans as newer')
        .select((e) => e.fn.max('newer.created_at').as('latest'))
        .whereRef('newer.remote', '=', 'canary_plans.remote'),
    )
    .orderBy('id', 'asc')
    .execute();
  return new Map(rows.map((r) => [r.remote, r]));
}

/**
 * Ends the running plans of these remotes (all but `except`): a person changed the remote.
 * Answers the remotes whose plan ended.
 */
export async function endRunningPlans(
  db: Db,
  remotes: string[],
  except: string | undefined,
  ended: { at: number; reason: string },
): Promise<string[]> {
  if (remotes.length === 0) return [];
  let query = db
    .updateTable('canary_plans')
    .set({ status: 'ended', ended_at: ended.at, end_reason: ended.reason })
    .where('status', '=', 'running')
    .where('remote', 'in', remotes);
  if (except) query = query.where('id', '!=', except);
  const rows = await query.returning('remote').execute();
  return rows.map((r) => r.remote);
}

/**
 * Changes a running plan that is still at step `step` (the guard's own move); false when it is
 * not (ended or moved meanwhile), so the caller rolls its revision back.
 */
export async function updateRunningPlan(
  db: Db,
  id: string,
  step: number,
  changes: Updateable<CanaryPlansTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('canary_plans')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('step', '=', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
