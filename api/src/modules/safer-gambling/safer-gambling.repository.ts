import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { DepositLimitsTable, PlayLimitsTable, SelfRestrictionsTable } from './safer-gambling.tables.js';

/** The two tables of limits, one shape: deposit limits, and loss and stake (play) limits. */
export type LimitTable = 'deposit_limits' | 'play_limits';
export type LimitRow = Selectable<DepositLimitsTable> | Selectable<PlayLimitsTable>;
export type RestrictionRow = Selectable<SelfRestrictionsTable>;

export const findLimits = (db: Kysely<DB>, table: LimitTable, userId: string): Promise<LimitRow[]> =>
  db.selectFrom(table).selectAll().where('user_id', '=', userId).execute();

/** Inserts or replaces a player's row for one period. */
export const saveLimit = (db: Kysely<DB>, table: LimitTable, row: LimitRow) =>
  db
    .insertInto(table)
    .values(row as Selectable<PlayLimitsTable>)
    .onConflict((oc) =>
      oc.columns(['user_id', 'period']).doUpdateSet({
        amount: row.amount,
        pending_amount: row.pending_amount,
        pending_at: row.pending_at,
        updated_at: row.updated_at,
      }),
    )
    .execute();

/** The time-out or self-exclusion in force at `now`: the one ending last, if it is still ahead. */
export const findActiveRestriction = (db: Kysely<DB>, userId: string, now: number) =>
  db
    .selectFrom('self_restrictions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('ends_at', '>', now)
    .orderBy('ends_at', 'desc')
    .limit(1)
    .executeTakeFirst();

export const insertRestriction = (db: Kysely<DB>, row: Insertable<SelfRestrictionsTable>) =>
  db.insertInto('self_restrictions').values(row).execute();

export async function findRealityCheck(db: Kysely<DB>, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('safer_gambling_settings')
    .select('reality_check_minutes')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.reality_check_minutes ?? null;
}

export const saveRealityCheck = (db: Kysely<DB>, userId: string, minutes: number | null, now: number) =>
  db
    .insertInto('safer_gambling_settings')
    .values({ user_id: userId, reality_check_minutes: minutes, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ reality_check_minutes: minutes, updated_at: now }))
    .execute();

/** Every time-out and self-exclusion of the player, newest first. */
export const listRestrictions = (db: Kysely<DB>, userId: string, limit: number) =>
  db
    .selectFrom('self_restrictions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('started_at', 'desc')
    .limit(limit)
    .execute();
