import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../src/db/schema.js';
import { inTransaction, isUniqueViolation } from '../../src/db/tx.js';
import { DB_MODES, startApp, suiteApp } from '../helpers.js';

/** rate_limits is a plain key → count table: a convenient scratch table here. */
const insert = (trx: Kysely<DB>, key: string) =>
  trx.insertInto('rate_limits').values({ key, window_start: 0, count: 1 }).execute();

// Both databases: transactions: concurrent and queued write transactions, on each engine's own locking.
describe.each(DB_MODES)('write transactions (%s)', (mode) => {
  const t = suiteApp(mode);

  const keys = async (prefix: string) =>
    (
      await t.app.ctx.database.db
        .selectFrom('rate_limits')
        .select('key')
        .where('key', 'like', `${prefix}%`)
        .orderBy('key')
        .execute()
    ).map((r) => r.key);

  it('concurrent transactions stand alone: a failing one undoes only its own writes', async () => {
    const { database } = t.app.ctx;
    const boom = new Error('boom');
    const results = await Promise.allSettled([
      inTransaction(database, (trx) => insert(trx, 'a:1')),
      inTransaction(database, async (trx) => {
        await insert(trx, 'a:2');
        throw boom;
      }),
      inTransaction(database, async (trx) => {
        await insert(trx, 'a:3');
        await insert(trx, 'a:1'); // unique violation after a successful write
      }),
      inTransaction(database, (trx) => insert(trx, 'a:4')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBe(boom);
    expect(isUniqueViolation((results[2] as PromiseRejectedResult).reason)).toBe(true);
    expect(await keys('a:')).toEqual(['a:1', 'a:4']);
  });
});

describe('SQLite group commit', () => {
  const t = suiteApp('sqlite');

  it('transactions asked for together run one after another, each seeing the ones before', async () => {
    const { database } = t.app.ctx;
    await inTransaction(database, (trx) => insert(trx, 'b'));
    const increment = () =>
      inTransaction(database, async (trx) => {
        const row = await trx
          .selectFrom('rate_limits')
          .select('count')
          .where('key', '=', 'b')
          .executeTakeFirst();
        await trx
          .updateTable('rate_limits')
          .set({ count: row!.count + 1 })
          .where('key', '=', 'b')
          .execute();
        return row!.count;
      });
    expect(await Promise.all([increment(), increment(), increment()])).toEqual([1, 2, 3]);
  });

  it('when SQLite ends the transaction itself (disk full, I/O error), the whole group fails and nothing is written', async () => {
    const { database } = t.app.ctx;
    const ioError = new Error('disk I/O error');
    const results = await Promise.allSettled([
      inTransaction(database, (trx) => insert(trx, 'c:1')),
      inTransaction(database, async (trx) => {
        await insert(trx, 'c:2');
        await sql`rollback`.execute(trx); // what SQLite does on its own after such errors
        throw ioError;
      }),
      inTransaction(database, (trx) => insert(trx, 'c:3')),
    ]);
    expect(results.map((r) => r.status === 'rejected' && r.reason)).toEqual([ioError, ioError, ioError]);
    const written = await database.db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', 'like', 'c:%')
      .execute();
    expect(written).toEqual([]);
    // The connection is usable afterwards.
    await inTransaction(database, (trx) => insert(trx, 'c:4'));
  });

  it('a transaction asked for once the database is closed fails instead of waiting forever', async () => {
    const closed = await startApp('sqlite');
    const { database } = closed.app.ctx;
    await inTransaction(database, (trx) => insert(trx, 'd'));
    await closed.close();
    await expect(inTransaction(database, (trx) => insert(trx, 'd'))).rejects.toThrow();
  });
});
