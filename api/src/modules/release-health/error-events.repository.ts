import { type Insertable, type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { provenClient } from './load-proof.js';
import type { ErrorEventsTable } from './release-health.tables.js';

export const insertErrorEvents = (db: Kysely<DB>, rows: Insertable<ErrorEventsTable>[]) =>
  db.insertInto('error_events').values(rows).execute();

/** Counted reports per version since `since` (from proven browsers: load-proof.ts). */
export const countedErrorsSince = (db: Kysely<DB>, since: number) =>
  db
    .selectFrom('error_events')
    .where(provenClient('client'))
    .select((eb) => ['remote', 'remote_version', eb.fn.countAll<number>().as('errors')])
    .where('received_at', '>=', since)
    .where('counted', '=', 1)
    .where('remote', 'is not', null)
    .where('remote_version', 'is not', null)
    .groupBy(['remote', 'remote_version'])
    .execute();

export function latestErrorEvents(
  db: Kysely<DB>,
  filter: { remote?: string; version?: string; limit: number },
) {
  let query = db
    .selectFrom('error_events')
    .selectAll()
    // A report counts only from a browser that proved a page load (load-proof.ts), whenever it did.
    .select(sql<number>`case when ${provenClient('client')} then 1 else 0 end`.as('proven'))
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc');
  if (filter.remote) query = query.where('remote', '=', filter.remote);
  if (filter.version) query = query.where('remote_version', '=', filter.version);
  return query.limit(filter.limit).execute();
}
