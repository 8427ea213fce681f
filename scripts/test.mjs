// `npm test`: installs what is missing (scripts/setup.mjs, once: pnpm, dependencies, Debian's
// Chromium, PostgreSQL and nginx), then runs every check and test: lint, types, package edges,
// Vitest (unit, component, API on SQLite and on PostgreSQL), the production build, Playwright in
// Chromium against it, and the cluster money tests (two API instances on one PostgreSQL behind
// nginx).
// PostgreSQL: TEST_DATABASE_URL, else the server on 127.0.0.1:5432, else a throwaway server for
// the run (MCHEZO_THROWAWAY_POSTGRES=1 skips the one on 5432); see scripts/postgres.mjs.
// It ends with how long each stage took (one line each), the counts, and one summary line:
// "Tests: N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { buildAll, log, ROOT, run } from './lib.mjs';
import { postgresForTests } from './postgres.mjs';
import { setup } from './setup.mjs';
import { runClusterTests } from './test-cluster.mjs';

const RESULTS = join(ROOT, 'test-results');
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

/** Each stage's name and seconds, in order, printed before the summary. */
const stages = [];
async function stage(name, fn) {
  const started = Date.now();
  try {
    return await fn();
  } finally {
    stages.push({ name, seconds: (Date.now() - started) / 1000 });
    log(`${name} took ${stages.at(-1).seconds.toFixed(1)} s`);
  }
}

// The API suite runs on SQLite and on this PostgreSQL (helpers.ts: DB_MODES).
const postgres = await stage('setup', () => {
  setup();
  return postgresForTests();
});

const checks = { passed: 0, failed: 0, failures: [] };

/**
 * Runs the static checks, each counted as one test, as many at a time as the machine has cores
 * (each is one process, mostly on one core): each one's output is printed whole when it ends.
 */
async function runChecks(list) {
  const queue = [...list];
  const one = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [name, cmd, args] = next;
      const { code, output } = await new Promise((resolve) => {
        const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
        let text = '';
        child.stdout.on('data', (d) => {
          text += d;
        });
        child.stderr.on('data', (d) => {
          text += d;
        });
        child.on('close', (c) => resolve({ code: c, output: text }));
      });
      log(`${code === 0 ? '✓' : '✗'} ${name}`);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      if (code === 0) checks.passed += 1;
      else {
        checks.failed += 1;
        checks.failures.push(name);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, one));
}

// Static checks: lint, types of each package, package edges, the house's habits (no comment
// citing an issue, commit messages: scripts/check-habits.mjs).
await stage('checks', () => {
  const list = [['lint and format (biome)', 'pnpm', ['exec', 'biome', 'check', '.']]];
  for (const pkg of [
    'shell',
    ...readdirSync(join(ROOT, 'remotes')).map((r) => `remotes/${r}`),
    ...readdirSync(join(ROOT, 'shared')).map((s) => `shared/${s}`),
    'tooling',
    'site',
    'staff',
    'api',
    'e2e',
    'scripts',
  ]) {
    if (existsSync(join(ROOT, pkg, 'tsconfig.json')))
      list.push([`types: ${pkg}`, 'pnpm', ['exec', 'tsc', '-p', join(pkg, 'tsconfig.json')]]);
  }
  list.push(['package edges (dependency-cruiser)', 'pnpm', ['run', '--silent', 'depcheck']]);
  list.push(['habits (comments, commits)', 'node', ['scripts/check-habits.mjs']]);
  return runChecks(list);
});

// Unit, component and API tests.
const vitest = await stage('vitest', () => {
  log('▶ vitest');
  spawnSync(
    'pnpm',
    [
      'exec',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(RESULTS, 'vitest.json')}`,
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL: postgres.url },
    },
  );
  return readJson(join(RESULTS, 'vitest.json'));
});

// The production build, then the browser tests against it.
const built = await stage('build', () => {
  try {
    buildAll();
    run('pnpm', ['--filter', '@mchezo/e2e', 'run', 'build:fixtures']);
    return true;
  } catch (error) {
    checks.failed += 1;
    checks.failures.push(`build: ${error.message}`);
    return false;
  }
});
let e2e = null;
if (built) {
  e2e = await stage('playwright', () => {
    log('▶ playwright');
    spawnSync('pnpm', ['exec', 'playwright', 'test'], { cwd: ROOT, stdio: 'inherit' });
    return readJson(join(RESULTS, `e2e-report-${process.env.E2E_PORT ?? 8190}.json`));
  });
}

// Money across the cluster topology, on the build just made.
let clusterReport = null;
if (built) {
  clusterReport = await stage('cluster', async () => {
    log('▶ cluster money tests');
    const reportFile = join(RESULTS, 'vitest-cluster.json');
    try {
      await runClusterTests({ databaseUrl: postgres.url, reportFile });
      return readJson(reportFile);
    } catch (error) {
      checks.failures.push(`cluster: ${error.message}`);
      return null;
    }
  });
}
postgres.stop();

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

const counts = (report) => ({
  passed: report.numPassedTests,
  // Failed tests, plus test files that failed before running any test (a load error).
  failed:
    report.numFailedTests +
    (report.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0)
      .length,
  skipped: report.numPendingTests + report.numTodoTests,
});
const unit = vitest ? counts(vitest) : { passed: 0, failed: 1, skipped: 0 };
const browser = e2e
  ? {
      passed: e2e.stats.expected + e2e.stats.flaky,
      failed: e2e.stats.unexpected + (e2e.errors?.length ?? 0),
      skipped: e2e.stats.skipped,
    }
  : { passed: 0, failed: built ? 1 : 0, skipped: 0 };
const clustered = clusterReport ? counts(clusterReport) : { passed: 0, failed: built ? 1 : 0, skipped: 0 };
if (!vitest) checks.failures.push('vitest produced no report');
if (built && !clusterReport) checks.failures.push('the cluster tests produced no report');
if (built && !e2e) checks.failures.push('playwright produced no report');

const passed = checks.passed + unit.passed + browser.passed + clustered.passed;
const failed = checks.failed + unit.failed + browser.failed + clustered.failed;
const skipped = unit.skipped + browser.skipped + clustered.skipped;
console.log('');
for (const { name, seconds } of [...stages, { name: 'total', seconds: process.uptime() }])
  console.log(`time ${`${name}:`.padEnd(12)}${seconds.toFixed(1).padStart(7)} s`);
console.log(`checks:     ${checks.passed} passed, ${checks.failed} failed`);
console.log(`vitest:     ${unit.passed} passed, ${unit.failed} failed, ${unit.skipped} skipped`);
console.log(`playwright: ${browser.passed} passed, ${browser.failed} failed, ${browser.skipped} skipped`);
console.log(
  `cluster:    ${clustered.passed} passed, ${clustered.failed} failed, ${clustered.skipped} skipped`,
);
if (checks.failures.length) console.log(`failing: ${checks.failures.join('; ')}`);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
