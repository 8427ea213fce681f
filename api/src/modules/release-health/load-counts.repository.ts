import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { provenClient } from './load-proof.js';

export type Outcome = 'ok' | 'failed' | 'render';
export type Figures = { loads: number; failures: number; render_errors: number };
export const figureOf: Record<Outcome, keyof Figures> = {
  ok: 'loads',
  failed: 'failures',
  render: 'render_errors',
};

/**
 * Records a ticket's uses; answers those that are new (a ticket counts once per version and
 * outcome). `on conflict do nothing … returning` answers only the rows inserted, on both databases.
 */
export async function firstUses(
  db: Kysely<DB>,
  /** `vitals`: a page view's web vitals (vitals.ts), once per ticket and version too. */
  rows: {
    ticket: string;
    remote: string;
    remote_version: string;
    outcome: Outcome | 'vitals';
    expires_at: number;
  }[],
): Promise<{ remote: string; remote_version: string; outcome: string }[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto('load_ticket_uses')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning(['remote', 'remote_version', 'outcome'])
    .execute();
}

/** `column + excluded.column`, at most `cap`. */
const capped = (table: string, column: string, cap: number) =>
  sql<number>`case when ${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)} > ${cap} then ${cap} else ${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)} end`;

/** Adds counted figures to one row per version, minute and client, each at most `cap` a row. */
export async function addCounted(
  db: Kysely<DB>,
  rows: ({ remote: string; remote_version: string; minute: number; client: string } & Figures)[],
  cap: number,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('remote_load_counts')
    .values(
      rows.map((r) => ({
        ...r,
        loads: Math.min(r.loads, cap),
        failures: Math.min(r.failures, cap),
        render_errors: Math.min(r.render_errors, cap),
      })),
    )
    .onConflict((oc) =>
      oc.columns(['remote', 'remote_version', 'minute', 'client']).doUpdateSet({
        loads: capped('remote_load_counts', 'loads', cap),
        failures: capped('remote_load_counts', 'failures', cap),
        render_errors: capped('remote_load_counts', 'render_errors', cap),
      }),
    )
    .execute();
}

/** The figures an uncounted row stops at: whatever a flood claims, within an `integer` column. */
const UNCOUNTED_MAX = 1_000_000_000;

/** Adds what was not counted (the numbers as sent) to one row per minute, remote and reason. */
export async function addUncounted(
  db: Kysely<DB>,
  rows: ({ minute: number; remote: string; reason: string } & Figures)[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('uncounted_loads')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['minute', 'remote', 'reason']).doUpdateSet({
        loads: capped('uncounted_loads', 'loads', UNCOUNTED_MAX),
        failures: capped('uncounted_loads', 'failures', UNCOUNTED_MAX),
        render_errors: capped('uncounted_loads', 'render_errors', UNCOUNTED_MAX),
      }),
    )
    .execute();
}

/**
 * Counted figures per version since `since` (a minute's start), with the distinct browsers that
 * loaded it: of proven browsers only (docs/decisions/060-health-counts-people.md).
 */
export const countedSince = (db: Kysely<DB>, since: number) =>
  db
    .selectFrom('remote_load_counts')
    .where(provenClient('client'))
    .select((eb) => [
      'remote',
      'remote_version',
      eb.fn.sum<number>('loads').as('loads'),
      eb.fn.sum<number>('failures').as('failures'),
      eb.fn.sum<number>('render_errors').as('render_errors'),
      // A browser that only reported an error has not loaded the version.
      sql<number>`count(distinct case when loads + failures > 0 then client end)`.as('clients'),
    ])
    .where('minute', '>=', since)
    .groupBy(['remote', 'remote_version'])
    .execute();

export const uncountedSince = (db: Kysely<DB>, since: number) =>
  db
    .selectFrom('uncounted_loads')
    .select((eb) => [
      'remote',
      'reason',
      eb.fn.sum<number>('loads').as('loads'),
      eb.fn.sum<number>('failures').as('failures'),
      eb.fn.sum<number>('render_errors').as('render_errors'),
    ])
    .where('minute', '>=', since)
    .groupBy(['remote', 'reason'])
    .orderBy('remote')
    .orderBy('reason')
    .execute();

/**
 * What browsers that never proved a page load sent with valid tickets, per version since `since`:
 * kept, never counted (docs/decisions/060-health-counts-people.md).
 */
export const unprovenSince = (db: Kysely<DB>, since: number) =>
  db
    .selectFrom('remote_load_counts')
    .where((eb) => eb.not(provenClient('client')))
    .select((eb) => [
      'remote',
      'remote_version',
      eb.fn.sum<number>('loads').as('loads'),
      eb.fn.sum<number>('failures').as('failures'),
      eb.fn.sum<number>('render_errors').as('render_errors'),
      sql<number>`count(distinct client)`.as('clients'),
    ])
    .where('minute', '>=', since)
    .groupBy(['remote', 'remote_version'])
    .execute();
