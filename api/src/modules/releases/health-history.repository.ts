/** What the health history reads of release control's tables in a range. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { PlanRow } from './canary-plans.repository.js';
import type { RevisionRow } from './releases.repository.js';

type Db = Kysely<DB>;

/** Guarded canaries of one remote started in [from, to), oldest first. */
export function plansStartedBetween(db: Db, remote: string, from: number, to: number): Promise<PlanRow[]> {
  return db
    .selectFrom('canary_plans')
    .selectAll()
    .where('remote', '=', remote)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
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
