// The API as a PostgreSQL benchmark builds it: in its own schema and a temporary data folder,
// silent, with no background round on a timer (a benchmark runs the jobs it measures itself).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareStart } from '../src/startup.js';

export async function prepareBench(
  name: string,
  databaseUrl: string,
  schema: string,
  settings: Record<string, string> = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), `mchezo-bench-${name}-`));
  const prepared = await prepareStart({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: schema,
    RECONCILE_INTERVAL_SECONDS: '0',
    AML_SCAN_INTERVAL_MS: '0',
    REGULATOR_FEED_INTERVAL_MS: '0',
    ...settings,
  });
  return { ...prepared, removeDataDir: () => rmSync(dataDir, { recursive: true, force: true }) };
}
