import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Checkpointer, startCheckpointer } from '../src/db/checkpointer.js';

interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

/** Polls `check` until it holds or `ms` have passed; returns whether it held. */
async function eventually(check: () => boolean, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return check();
}

describe('SQLite checkpointer (worker thread)', () => {
  let dir: string;
  let writer: SqliteDatabase.Database;
  let reader: SqliteDatabase.Database;
  let checkpointer: Checkpointer | undefined;
  let n = 0;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mchezo-ckpt-'));
    const file = join(dir, 'db.sqlite');
    writer = new SqliteDatabase(file);
    writer.pragma('journal_mode = WAL');
    writer.pragma('wal_autocheckpoint = 0');
    writer.exec('create table t (k integer primary key, v integer not null)');
    writer.prepare('insert into t (k, v) values (1, 0)').run();
    reader = new SqliteDatabase(file, { readonly: true });
  });
  afterEach(async () => {
    await checkpointer?.stop();
    checkpointer = undefined;
    reader.close();
    writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const write = () => writer.prepare('update t set v = ? where k = 1').run(++n);
  const read = () => (reader.prepare('select v from t where k = 1').get() as { v: number }).v;
  /** A PASSIVE checkpoint from the test's own connection: what is left to copy back. */
  const pending = () => {
    const [r] = writer.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[];
    return r!.log - r!.checkpointed;
  };

  it('anchors a read on the checkpointed database between checkpoints; reads still see every commit', async () => {
    checkpointer = startCheckpointer(join(dir, 'db.sqlite'), 200);
    // While the worker's anchor holds WAL read mark 0, nothing can be copied back: seen here as
    // a checkpoint that leaves the last write in the WAL.
    expect(
      await eventually(() => {
        write();
        return pending() > 0;
      }),
    ).toBe(true);
    // Reads are not held back by it: each one sees the latest commit.
    for (let i = 0; i < 5; i++) {
      write();
      expect(read()).toBe(n);
    }
    // The worker releases it for its own checkpoint, which copies everything back...
    expect(await eventually(() => pending() === 0)).toBe(true);
    // ...and the WAL is reused: the next commit starts again from its beginning.
    write();
    const [after] = writer.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[];
    expect(after!.log).toBeLessThanOrEqual(4);
  });

  it('without the anchor, or once stopped, a checkpoint copies everything back at once', async () => {
    checkpointer = startCheckpointer(join(dir, 'db.sqlite'), 50, () => {}, { anchor: false });
    await new Promise((r) => setTimeout(r, 200));
    write();
    expect(pending()).toBe(0);

    await checkpointer.stop();
    checkpointer = startCheckpointer(join(dir, 'db.sqlite'), 50);
    await new Promise((r) => setTimeout(r, 200));
    await checkpointer.stop();
    checkpointer = undefined;
    write();
    expect(pending()).toBe(0);
  });
});
