import type { Insertable, Kysely } from 'kysely';
import type { ErrorEventsTable } from '../../db/release-schema.js';
import type { DB } from '../../db/schema.js';

export const insertErrorEvents = (db: Kysely<DB>, rows: Insertable<ErrorEventsTable>[]) =>
  db.insertInto('error_events').values(rows).execute();

export async function countErrorEventsSince(db: Kysely<DB>, since: number): Promise<number> {
  const row = await db
    .selectFrom('error_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('received_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Adds loads and failures to the minute's counts of each version (one row per minute). */
export async function addLoadCounts(
  db: Kysely<DB>,
  rows: { remote: string; remote_version: string; minute: number; loads: number; failures: number }[],
): Promise<void> {
  await db
    .insertInto('remote_load_counts')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['remote', 'remote_version', 'minute']).doUpdateSet((eb) => ({
        loads: eb('remote_load_counts.loads', '+', eb.ref('excluded.loads')),
        failures: eb('remote_load_counts.failures', '+', eb.ref('excluded.failures')),
      })),
    )
    .execute();
}

export const loadTotalsSince = (db: Kysely<DB>, since: number) =>
  db
    .selectFrom('remote_load_counts')
    .select((eb) => [
      'remote',
      'remote_version',
      eb.fn.sum<number>('loads').as('loads'),
      eb.fn.sum<number>('failures').as('failures'),
    ])
    .where('minute', '>=', since)
    .groupBy(['remote', 'remote_version'])
    .execute();

export const errorTotalsSince = (db: Kysely<DB>, since: number) =>
  db
    .selectFrom('error_events')
    .select((eb) => [
      'remote',
      'remote_version',
      eb.fn.countAll<number>().as('errors'),
      eb.fn.sum<number>(eb.case().when('phase', '=', 'render').then(1).else(0).end()).as('render_errors'),
    ])
    .where('received_at', '>=', since)
    .where('remote', 'is not', null)
    .where('remote_version', 'is not', null)
    .groupBy(['remote', 'remote_version'])
    .execute();

export function latestErrorEvents(
  db: Kysely<DB>,
  filter: { remote?: string; version?: string; limit: number },
) {
  let query = db.selectFrom('error_events').selectAll().orderBy('received_at', 'desc').orderBy('id', 'desc');
  if (filter.remote) query = query.where('remote', '=', filter.remote);
  if (filter.version) query = query.where('remote_version', '=', filter.version);
  return query.limit(filter.limit).execute();
}
