/**
 * Data access for the tax rates by date (tax_rates) and the changes cancelled while scheduled
 * (tax_rate_cancellations), docs/decisions/040-tax-rates-by-date.md.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { TaxRateCancellationsTable, TaxRatesTable } from './wallet.tables.js';

export type TaxRateRow = Selectable<TaxRatesTable>;
export type TaxRateKind = TaxRatesTable['kind'];

/** The rate of `kind` in force at `at` (epoch ms): the newest row at or before it; none before the first. */
export async function findRateAt(db: Kysely<DB>, kind: TaxRateKind, at: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('tax_rates')
    .select('rate_bp')
    .where('kind', '=', kind)
    .where('effective_from', '<=', at)
    .orderBy('effective_from', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.rate_bp;
}

/** Every rate, by kind, oldest first. */
export const listRates = (db: Kysely<DB>): Promise<TaxRateRow[]> =>
  db.selectFrom('tax_rates').selectAll().orderBy('kind').orderBy('effective_from').execute();

/** A rate as finance reads it: with the name of whoever set it (null for the environment or no name). */
export type TaxRateListed = TaxRateRow & { created_by_name: string | null };

/** Every rate, by kind, oldest first, each with the name of the person whose phone set it. */
export const listRatesWithSetter = (db: Kysely<DB>): Promise<TaxRateListed[]> =>
  db
    .selectFrom('tax_rates')
    .leftJoin('users', 'users.phone', 'tax_rates.created_by')
    .selectAll('tax_rates')
    .select('users.full_name as created_by_name')
    .orderBy('tax_rates.kind')
    .orderBy('tax_rates.effective_from')
    .execute();

/** A cancelled change as finance reads it: with the names of who set it and who cancelled it. */
export type CancelledRateListed = Selectable<TaxRateCancellationsTable> & {
  created_by_name: string | null;
  cancelled_by_name: string | null;
};

/** Every cancelled change, by kind, oldest first (then in the order they were cancelled). */
export const listCancelledRates = (db: Kysely<DB>): Promise<CancelledRateListed[]> =>
  db
    .selectFrom('tax_rate_cancellations')
    .leftJoin('users as setter', 'setter.phone', 'tax_rate_cancellations.created_by')
    .leftJoin('users as canceller', 'canceller.phone', 'tax_rate_cancellations.cancelled_by')
    .selectAll('tax_rate_cancellations')
    .select(['setter.full_name as created_by_name', 'canceller.full_name as cancelled_by_name'])
    .orderBy('tax_rate_cancellations.kind')
    .orderBy('tax_rate_cancellations.effective_from')
    .orderBy('tax_rate_cancellations.cancelled_at')
    .execute();

/** The name of the person with `phone` (who scheduled a rate), if they gave one. */
export async function nameOfPhone(db: Kysely<DB>, phone: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('full_name').where('phone', '=', phone).executeTakeFirst();
  return row?.full_name ?? null;
}

/** Adds a rate unless its kind already has one from that instant; true when it was added. */
export async function insertRateOnce(db: Kysely<DB>, row: Insertable<TaxRatesTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('tax_rates')
    .values(row)
    .onConflict((oc) => oc.columns(['kind', 'effective_from']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export const findRate = (db: Kysely<DB>, id: string) =>
  db.selectFrom('tax_rates').selectAll().where('id', '=', id).executeTakeFirst();

/** Whether `id` is a change cancelled while scheduled. */
export const isCancelledRate = async (db: Kysely<DB>, id: string): Promise<boolean> =>
  (await db.selectFrom('tax_rate_cancellations').select('id').where('id', '=', id).executeTakeFirst()) !==
  undefined;

/** Removes a rate taking effect at `notBefore` or later (a scheduled change); the row it removed. */
export const deleteScheduledRate = (
  db: Kysely<DB>,
  id: string,
  notBefore: number,
): Promise<TaxRateRow | undefined> =>
  db
    .deleteFrom('tax_rates')
    .where('id', '=', id)
    .where('effective_from', '>=', notBefore)
    .returningAll()
    .executeTakeFirst();

/** Keeps a cancelled change (its removed row, who cancelled it, when and why). */
export async function insertCancelledRate(
  db: Kysely<DB>,
  row: Insertable<TaxRateCancellationsTable>,
): Promise<void> {
  await db.insertInto('tax_rate_cancellations').values(row).execute();
}
