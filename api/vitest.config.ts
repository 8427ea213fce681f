import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The API suite in two passes (docs/decisions/066-test-suite-shape.md): every file on SQLite,
 * and, when TEST_DATABASE_URL names a PostgreSQL, again on it the files whose behaviour depends
 * on the database (transactions, locks, SQL, migrations, concurrency, money). Such a file says
 * so in one line of its own, `// Both databases: <why>`; api/test/helpers.ts DB_MODES then
 * holds the pass's one database. The root vitest.config.ts runs these same projects.
 */
const API_DIR = fileURLToPath(new URL('.', import.meta.url));
const INCLUDE = ['test/**/*.test.ts', 'src/**/*.test.ts'];
// They need a running cluster: vitest.cluster.config.ts, run by scripts/test-cluster.mjs.
const EXCLUDE = ['test/cluster/**', '**/node_modules/**'];
export const BOTH_DATABASES_MARK = /^\/\/ Both databases: \S/m;

function testFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'cluster') testFiles(path, out);
    } else if (entry.name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

/** The files that carry the mark, relative to api/. */
export function bothDatabaseFiles(): string[] {
  return ['test', 'src']
    .flatMap((dir) => testFiles(join(API_DIR, dir)))
    .filter((file) => BOTH_DATABASES_MARK.test(readFileSync(file, 'utf8')))
    .map((file) => relative(API_DIR, file))
    .sort();
}

function project(
  name: string,
  include: string[],
  database: 'sqlite' | 'postgres',
): TestProjectInlineConfiguration {
  return {
    root: API_DIR,
    test: {
      name,
      include,
      exclude: EXCLUDE,
      environment: 'node',
      pool: 'forks',
      testTimeout: 30_000,
      hookTimeout: 30_000,
      env: { MCHEZO_TEST_DB: database },
    },
  };
}

export const apiProjects: TestProjectInlineConfiguration[] = [
  project('api', INCLUDE, 'sqlite'),
  ...(process.env.TEST_DATABASE_URL ? [project('api-postgres', bothDatabaseFiles(), 'postgres')] : []),
];

export default defineConfig({ test: { projects: apiProjects } });
