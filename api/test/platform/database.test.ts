import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database, WAL_SIZE_LIMIT_BYTES } from '../../src/db/database.js';
import { inTransaction } from '../../src/db/tx.js';

describe('the embedded SQLite database', () => {
  let dir: string | undefined;
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the WAL file bounded on disk through a burst of commits many times its size', async () => {
    dir = mkdtempSync(join(tmpdir(), 'db-'));
    const file = join(dir, 'app.db');
    database = createDatabase({ DATABASE_URL: '', DATABASE_SCHEMA: 'public', SQLITE_PATH: file });
    const { db } = database;
    expect((await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db)).rows[0]?.journal_mode).toBe(
      'wal',
    );
    expect(
      (await sql<{ journal_size_limit: number }>`pragma journal_size_limit`.execute(db)).rows[0]
        ?.journal_size_limit,
    ).toBe(WAL_SIZE_LIMIT_BYTES);
    await sql`create table burst (id integer primary key, data blob not null)`.execute(db);

    const walBytes = () => statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    const BURST_BYTES = 48 * 1024 * 1024;
    const ROW_BYTES = 16 * 1024;
    let largestWal = 0;
    for (let written = 0; written < BURST_BYTES; written += 4 * ROW_BYTES) {
      await inTransaction(database, async (trx) => {
        for (let i = 0; i < 4; i++)
          await sql`insert into burst (data) values (randomblob(${ROW_BYTES}))`.execute(trx);
      });
      largestWal = Math.max(largestWal, walBytes());
    }

    const stored = await sql<{ bytes: number }>`select sum(length(data)) as bytes from burst`.execute(db);
    expect(stored.rows[0]?.bytes).toBe(BURST_BYTES);
    // Checkpoints copied all but the last few commits into the database file...
    expect(statSync(file).size).toBeGreaterThanOrEqual(BURST_BYTES - 8 * 1024 * 1024);
    // ...while the WAL never grew past a few checkpoints' worth (1000 pages, ~4 MiB, each).
    expect(largestWal).toBeGreaterThan(0);
    expect(largestWal).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(walBytes()).toBeLessThanOrEqual(8 * 1024 * 1024);
  });
});
