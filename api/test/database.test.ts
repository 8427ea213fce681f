import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database, WAL_SIZE_LIMIT_BYTES } from '../src/db/database.js';

describe('the embedded SQLite database', () => {
  let dir: string | undefined;
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs in WAL mode and cuts the WAL file back to a bounded size after a burst', async () => {
    dir = mkdtempSync(join(tmpdir(), 'db-'));
    database = createDatabase({
      DATABASE_URL: '',
      DATABASE_SCHEMA: 'public',
      SQLITE_PATH: join(dir, 'app.db'),
    });
    const writer = database.writer;
    expect(writer).toBeDefined();
    expect(writer?.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(writer?.pragma('journal_size_limit', { simple: true })).toBe(WAL_SIZE_LIMIT_BYTES);
  });
});
