/** What the health history reads of release control's tables in a range: plans started, decisions, revisions. */
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { PlanRow } from './canary-plans.repository.js';
import type { RevisionRow } from './releases.repository.js';
import type { CanaryDecisionsTable } from './releases.tables.js';

type Db = Kysely<DB>;

/**
 * Narrows a read of the canaries' plans or decisions to one remote's rows with the time column
 * `at` in [from, to), oldest first (by id at the same instant).
 */
const oneRemoteBetween =
  (at: 'created_at' | 'at', remote: string, from: number, to: number) =>
  <TB extends 'canary_plans' | 'canary_decisions', O>(
    query: SelectQueryBuilder<DB, TB, O>,
  ): SelectQueryBuilder<DB, TB, O> =>
    query
      .where(sql.ref('remote'), '=', remote)
      .where(sql.ref(at), '>=', from)
      .where(sql.ref(at), '<', to)
      .orderBy(sql.ref(at), 'asc')
      .orderBy(sql.ref('id'), 'asc');

/** Guarded canaries of one remote started in [from, to), oldest first. */
export function plansStartedBetween(db: Db, remote: string, from: number, to: number): Promise<PlanRow[]> {
  return db
    .selectFrom('canary_plans')
    .selectAll()
    .$call(oneRemoteBetween('created_at', remote, from, to))
    .execute();
}

/** The guard's decisions on one remote in [from, to), oldest first. */
export function decisionsBetween(
  db: Db,
  remote: string,
  from: number,
  to: number,
): Promise<CanaryDecisionsTable[]> {
  return db
    .selectFrom('canary_decisions')
    .selectAll()
    .$call(oneRemoteBetween('at', remote, from, to))
    .execute();
}

/** The revisions made in [from, to) and the one in force at `from` (to compare the first with), oldest first. */
export async function revisionsBetween(db: Db, from: number, to: number): Promise<RevisionRow[]> {
  const [before, within] = await Promise.all([
    db
      .selectFrom('release_revisions')
      .selectAll()
      .where('created_at', '<', from)
      .orderBy('revision', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('release_revisions')
      .selectAll()
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .orderBy('revision', 'asc')
      .execute(),
  ]);
  return before ? [before, ...within] : within;
}
