// `npm test`: installs what is missing (pnpm, dependencies, Debian's Chromium), then runs every
// check and test: lint, types, package edges, Vitest (unit, component, API on SQLite and, with
// TEST_DATABASE_URL, PostgreSQL), the production build, and Playwright in Chromium against it.
// It ends with one summary line: "Tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll, ensureChromium, ensureDependencies, log, ROOT, run } from './lib.mjs';

const RESULTS = join(ROOT, 'test-results');
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

ensureDependencies();
ensureChromium();

const checks = { passed: 0, failed: 0, failures: [] };

function step(name, cmd, args, opts = {}) {
  log(`▶ ${name}`);
  const res = spawnSync(cmd, args, {
    cwd: ROOT,
    stdio: 'inherit',
    ...opts,
    env: { ...process.env, ...opts.env },
  });
  if (res.status === 0) checks.passed += 1;
  else {
    checks.failed += 1;
    checks.failures.push(name);
  }
  return res.status === 0;
}

// Static checks: each counts as one test.
step('lint and format (biome)', 'pnpm', ['exec', 'biome', 'check', '.']);
for (const pkg of [
  'shell',
  ...readdirSync(join(ROOT, 'remotes')).map((r) => `remotes/${r}`),
  ...readdirSync(join(ROOT, 'shared')).map((s) => `shared/${s}`),
  'tooling',
  'api',
  'e2e',
]) {
  if (existsSync(join(ROOT, pkg, 'tsconfig.json')))
    step(`types: ${pkg}`, 'pnpm', ['exec', 'tsc', '-p', join(pkg, 'tsconfig.json')]);
}
step('package edges (dependency-cruiser)', 'pnpm', ['run', '--silent', 'depcheck']);

// Unit, component and API tests.
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
  },
);
const vitest = readJson(join(RESULTS, 'vitest.json'));

// The production build, then the browser tests against it.
let built = true;
try {
  buildAll();
  run('pnpm', ['--filter', '@mchezo/e2e', 'run', 'build:fixtures']);
} catch (error) {
  built = false;
  checks.failed += 1;
  checks.failures.push(`build: ${error.message}`);
}
let e2e = null;
if (built) {
  log('▶ playwright');
  spawnSync('pnpm', ['exec', 'playwright', 'test'], { cwd: ROOT, stdio: 'inherit' });
  e2e = readJson(join(RESULTS, `e2e-report-${process.env.E2E_PORT ?? 8190}.json`));
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

const unit = vitest
  ? {
      passed: vitest.numPassedTests,
      // Failed tests, plus test files that failed before running any test (a load error).
      failed:
        vitest.numFailedTests +
        (vitest.testResults ?? []).filter(
          (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
        ).length,
      skipped: vitest.numPendingTests + vitest.numTodoTests,
    }
  : { passed: 0, failed: 1, skipped: 0 };
const browser = e2e
  ? {
      passed: e2e.stats.expected + e2e.stats.flaky,
      failed: e2e.stats.unexpected + (e2e.errors?.length ?? 0),
      skipped: e2e.stats.skipped,
    }
  : { passed: 0, failed: built ? 1 : 0, skipped: 0 };
if (!vitest) checks.failures.push('vitest produced no report');
if (built && !e2e) checks.failures.push('playwright produced no report');

const passed = checks.passed + unit.passed + browser.passed;
const failed = checks.failed + unit.failed + browser.failed;
const skipped = unit.skipped + browser.skipped;
console.log('');
console.log(`checks:     ${checks.passed} passed, ${checks.failed} failed`);
console.log(`vitest:     ${unit.passed} passed, ${unit.failed} failed, ${unit.skipped} skipped`);
console.log(`playwright: ${browser.passed} passed, ${browser.failed} failed, ${browser.skipped} skipped`);
if (checks.failures.length) console.log(`failing: ${checks.failures.join('; ')}`);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
