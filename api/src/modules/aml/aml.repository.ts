/** Data access for money-laundering alerts, cases and their reports. Every function takes the database or a transaction. */
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AmlAlertsTable, AmlCaseEventsTable, AmlCasesTable } from './aml.tables.js';

type Db = Kysely<DB>;
export type AlertRow = Selectable<AmlAlertsTable>;
export type CaseRow = Selectable<AmlCasesTable>;
export type CaseEventRow = Selectable<AmlCaseEventsTable>;

/** The payout phone of a withdrawal (its wallet transaction). */
export const walletTransaction = (db: Db, id: string) =>
  db
    .selectFrom('wallet_transactions')
    .select([
      'id',
      'user_id',
      'type',
      'status',
      'amount',
      'currency',
      'phone_number',
      'provider',
      'provider_ref',
      'created_at',
      'settled_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();

export interface AlertFilter {
  rule?: AlertRow['rule'] | undefined;
  severity?: AlertRow['severity'] | undefined;
  /** The case's status; `none`: no case yet. */
  status?: CaseRow['status'] | 'none' | undefined;
  /** `%…%` over the player's phone (LIKE). */
  phonePattern?: string | undefined;
  /** `%…%` over lower(full_name) (LIKE, `\` escapes). */
  namePattern?: string | undefined;
  /** Keyset: alerts created before this one (newest first). */
  before?: { at: number; id: string } | undefined;
  limit: number;
}

/** Alerts with the player's name and phone and the case they are in. */
const alertsWithPlayer = (db: Db) =>
  db
    .selectFrom('aml_alerts')
    .innerJoin('users', 'users.id', 'aml_alerts.user_id')
    .leftJoin('aml_cases', 'aml_cases.alert_id', 'aml_alerts.id')
    .selectAll('aml_alerts')
    .select([
      'users.full_name as player_name',
      'users.phone as player_phone',
      'aml_cases.id as case_id',
      'aml_cases.status as case_status',
    ]);

/**
 * Part of the player's phone or of their name (`users` joined): `%…%` patterns (LIKE, `\\`
 * escapes), either or both; undefined when there are none.
 */
export function playerMatch(p: { phonePattern?: string | undefined; namePattern?: string | undefined }) {
  const parts = [
    ...(p.phonePattern ? [sql`users.phone like ${p.phonePattern}`] : []),
    ...(p.namePattern ? [sql`lower(users.full_name) like ${p.namePattern} escape '\\'`] : []),
  ];
  return parts.length > 0 ? sql<boolean>`(${sql.join(parts, sql` or `)})` : undefined;
}

/** Alerts as filtered, newest first. */
export function listAlerts(db: Db, f: AlertFilter) {
  let query = alertsWithPlayer(db);
  if (f.rule) query = query.where('aml_alerts.rule', '=', f.rule);
  if (f.severity) query = query.where('aml_alerts.severity', '=', f.severity);
  if (f.status === 'none') query = query.where('aml_cases.id', 'is', null);
  else if (f.status) query = query.where('aml_cases.status', '=', f.status);
  const match = playerMatch(f);
  if (match) query = query.where(match);
  const { before } = f;
  if (before)
    query = query.where((eb) =>
      eb.or([
        eb('aml_alerts.created_at', '<', before.at),
        eb.and([eb('aml_alerts.created_at', '=', before.at), eb('aml_alerts.id', '<', before.id)]),
      ]),
    );
  return query
    .orderBy('aml_alerts.created_at', 'desc')
    .orderBy('aml_alerts.id', 'desc')
    .limit(f.limit)
    .execute();
}

/** One alert with its player and case, as listed. */
export const alertWithPlayer = (db: Db, id: string) =>
  alertsWithPlayer(db).where('aml_alerts.id', '=', id).executeTakeFirst();

/** The wallet transactions of an alert, oldest first. */
export const walletTransactions = (db: Db, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('wallet_transactions')
        .select(['id', 'type', 'status', 'amount', 'currency', 'created_at'])
        .where('id', 'in', ids)
        .orderBy('created_at')
        .orderBy('id')
        .execute();

/** Alerts not yet closed (no case, or a case open or under review), counted by rule. */
export const openAlertCounts = (db: Db) =>
  db
    .selectFrom('aml_alerts')
    .leftJoin('aml_cases', 'aml_cases.alert_id', 'aml_alerts.id')
    .select(['aml_alerts.rule', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where((eb) =>
      eb.or([eb('aml_cases.status', 'is', null), eb('aml_cases.status', 'in', ['open', 'reviewing'])]),
    )
    .groupBy('aml_alerts.rule')
    .execute();

export const findAlert = (db: Db, id: string) =>
  db.selectFrom('aml_alerts').selectAll().where('id', '=', id).executeTakeFirst();

export const findCase = (db: Db, id: string) =>
  db.selectFrom('aml_cases').selectAll().where('id', '=', id).executeTakeFirst();

/** A case's steps, oldest first, with the name and phone of the staff member who made each. */
export const caseEvents = (db: Db, caseId: string) =>
  db
    .selectFrom('aml_case_events')
    .leftJoin('users', 'users.id', 'aml_case_events.actor')
    .selectAll('aml_case_events')
    .select(['users.full_name as actor_name', 'users.phone as actor_phone'])
    .where('aml_case_events.case_id', '=', caseId)
    .orderBy('aml_case_events.created_at')
    .orderBy('aml_case_events.id')
    .execute();

export async function insertCase(db: Db, row: Insertable<AmlCasesTable>): Promise<boolean> {
  const res = await db
    .insertInto('aml_cases')
    .values(row)
    .onConflict((oc) => oc.column('alert_id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Moves a case from `from` (conditional: a concurrent step makes it miss); answers the row. */
export const moveCase = (
  db: Db,
  id: string,
  from: CaseRow['status'],
  set: Partial<Insertable<AmlCasesTable>>,
) =>
  db
    .updateTable('aml_cases')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();

export async function insertCaseEvent(db: Db, row: Insertable<AmlCaseEventsTable>): Promise<void> {
  await db.insertInto('aml_case_events').values(row).execute();
}

/** Identity details a goAML report names the player by. */
export const playerDetails = (db: Db, userId: string) =>
  db
    .selectFrom('users')
    .leftJoin('identities', 'identities.user_id', 'users.id')
    .select([
      'users.id',
      'users.phone',
      'users.full_name as user_full_name',
      'identities.full_name as identity_full_name',
      'identities.date_of_birth',
      'identities.document_type',
      'identities.document_number',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();

/** Completed deposits and withdrawals at or above `threshold` cents made from `from` to `to` (exclusive). */
export const thresholdTransactions = (db: Db, threshold: number, from: number, to: number) =>
  db
    .selectFrom('wallet_transactions')
    .innerJoin('users', 'users.id', 'wallet_transactions.user_id')
    .select([
      'wallet_transactions.id',
      'wallet_transactions.type',
      'wallet_transactions.status',
      'wallet_transactions.amount',
      'wallet_transactions.currency',
      'wallet_transactions.phone_number',
      'wallet_transactions.provider',
      'wallet_transactions.provider_ref',
      'wallet_transactions.created_at',
      'wallet_transactions.settled_at',
      'users.player_ref',
    ])
    .where('wallet_transactions.amount', '>=', threshold)
    .where('wallet_transactions.status', '=', 'completed')
    .where('wallet_transactions.created_at', '>=', from)
    .where('wallet_transactions.created_at', '<', to)
    .orderBy('wallet_transactions.created_at')
    .orderBy('wallet_transactions.id')
    .execute();
