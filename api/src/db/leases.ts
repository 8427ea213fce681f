import type { Kysely } from 'kysely';
import type { DB } from './schema.js';

/**
 * A lease: which one of the API instances on this database does a job (docs/decisions/023-canary-guard.md,
 * 036-one-composition-root-and-job-runner.md). Taking and renewing are one conditional UPDATE of
 * the job's row: it succeeds for the holder, or for anyone once the lease has expired. On
 * PostgreSQL a second instance's UPDATE waits for the first one's to commit and then finds the
 * row taken; SQLite runs writers one at a time. A job's first take on a database inserts its row
 * (one insert wins; the others find it there). Answers whether `holder` has the lease until
 * `now + ttlMs`.
 */
export async function takeLease(
  db: Kysely<DB>,
  name: string,
  holder: string,
  now: number,
  ttlMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('leases')
    .set({ holder, expires_at: now + ttlMs })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<=', now)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return true;
  const inserted = await db
    .insertInto('leases')
    .values({ name, holder, expires_at: now + ttlMs })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Gives the lease up (an instance stopping), so another takes it at its next try. */
export async function releaseLease(db: Kysely<DB>, name: string, holder: string): Promise<void> {
  await db
    .updateTable('leases')
    .set({ holder: '', expires_at: 0 })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}
