/** Data access for manual adjustments (staff_adjustments, docs/decisions/055) and finance's player look-up. */
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { StaffAdjustmentsTable } from '../wallet/ledger.service.js';

export const insertAdjustment = (db: Kysely<DB>, row: Insertable<StaffAdjustmentsTable>) =>
  db.insertInto('staff_adjustments').values(row).execute();

/** An adjustment with the names and phones of the player and of the two staff members. */
const withPeople = (db: Kysely<DB>) =>
  db
    .selectFrom('staff_adjustments as a')
    .innerJoin('users as p', 'p.id', 'a.user_id')
    .innerJoin('users as s', 's.id', 'a.proposed_by')
    .leftJoin('users as d', 'd.id', 'a.decided_by')
    .select([
      'a.id',
      'a.user_id',
      'a.amount',
      'a.reason',
      'a.status',
      'a.proposed_by',
      'a.proposed_at',
      'a.decided_by',
      'a.decided_at',
      'a.decision_reason',
      'p.phone as player_phone',
      'p.full_name as player_name',
      's.phone as proposer_phone',
      's.full_name as proposer_name',
      'd.phone as decider_phone',
      'd.full_name as decider_name',
    ]);
export type AdjustmentRow = Awaited<ReturnType<typeof findAdjustment>> & {};

export const findAdjustment = (db: Kysely<DB>, id: string) =>
  withPeople(db).where('a.id', '=', id).executeTakeFirst();

export const listAdjustments = (
  db: Kysely<DB>,
  status: StaffAdjustmentsTable['status'] | undefined,
  limit: number,
) =>
  (status ? withPeople(db).where('a.status', '=', status) : withPeople(db))
    .orderBy('a.proposed_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();

/**
 * Moves a pending adjustment to `status`; true when this call moved it. A conditional update: of
 * two decisions at once one moves it (PostgreSQL re-checks the condition after the row lock).
 */
export async function decidePending(
  db: Kysely<DB>,
  id: string,
  decision: {
    status: 'approved' | 'rejected';
    decided_by: string;
    decided_at: number;
    decision_reason: string;
  },
): Promise<boolean> {
  const row = await db
    .updateTable('staff_adjustments')
    .set(decision)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Players by exact phone (E.164) or Paybill account number, with their balances. */
export const findPlayersFor = (db: Kysely<DB>, phone: string | null, accountNumber: string | null) =>
  db
    .selectFrom('users as u')
    .innerJoin('wallets as w', 'w.user_id', 'u.id')
    .leftJoin('paybill_accounts as pa', 'pa.user_id', 'u.id')
    .select(['u.id', 'u.phone', 'u.full_name', 'pa.account_number', 'w.main', 'w.withdrawal'])
    .where((eb) =>
      eb.or([
        ...(phone ? [eb('u.phone', '=', phone)] : []),
        ...(accountNumber ? [eb('pa.account_number', '=', accountNumber)] : []),
      ]),
    )
    .limit(10)
    .execute();
