import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared } from '../src/db/prepared.js';
import type { DB } from '../src/db/schema.js';
import { inTransaction } from '../src/db/tx.js';
import { createTestApp, DB_MODES, type TestApp } from './helpers.js';

interface Row {
  key: string;
  count: number;
  doubled: number;
  nothing: null;
  window_start: number;
}

/** rate_limits is a plain key → count table: a convenient scratch table here. */
const query = (db: Kysely<DB>, prefix: string) =>
  db
    .selectFrom('rate_limits')
    .select(['key', 'count'])
    .select(sql<number>`count * 2`.as('doubled'))
    .select(sql<null>`null`.as('nothing'))
    .select('window_start')
    .where('key', 'like', prefix)
    .orderBy('key');

const rows = prepared<Row, { prefix: string }>((db, param) => query(db, param('prefix')));

describe.each(DB_MODES)('prepared queries (%s)', (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(mode);
    await t.app.ctx.database.db
      .insertInto('rate_limits')
      .values([
        { key: 'p:1', window_start: 10, count: 1 },
        { key: 'p:2', window_start: 20, count: 2 },
      ])
      .execute();
  });
  afterAll(() => t.close());

  /** What Kysely itself returns for the same query: the rows must be the same objects. */
  const expected = (prefix: string) => query(t.app.ctx.database.db, prefix).execute();
  const same = (actual: unknown[], wanted: unknown[]) => {
    expect(actual).toEqual(wanted);
    // Same keys in the same order, as plain objects.
    expect(actual.map((r) => Object.keys(r as object))).toEqual(wanted.map((r) => Object.keys(r as object)));
    for (const r of actual) expect(Object.getPrototypeOf(r)).toBe(Object.prototype);
  };

  it('read, readFirst and run give the rows Kysely gives', async () => {
    const { database } = t.app.ctx;
    const all = await expected('p:%');
    expect(all).toHaveLength(2);
    same(await rows.read(database, { prefix: 'p:%' }), all);
    same([await rows.readFirst(database, { prefix: 'p:%' })], [all[0]]);
    same(await rows.run(database.db, { prefix: 'p:%' }), all);
    same(await inTransaction(database, (trx) => rows.run(trx, { prefix: 'p:%' })), all);
    expect(await rows.readFirst(database, { prefix: 'none:%' })).toBeUndefined();
    expect(await rows.read(database, { prefix: 'none:%' })).toEqual([]);
  });

  if (mode === 'sqlite') {
    it('readFirst answers at once on SQLite, without a promise', async () => {
      const first = rows.readFirst(t.app.ctx.database, { prefix: 'p:2' });
      expect(first).not.toBeInstanceOf(Promise);
      same([first], await expected('p:2'));
    });
  }
});
