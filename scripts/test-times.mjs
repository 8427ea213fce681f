// Where the suite's time goes: reads the reports `npm test` leaves in test-results/ (Vitest's
// vitest.json, Playwright's e2e-report-<port>.json, the cluster's vitest-cluster.json) and prints
// the slowest 20 files and specs, the slowest 20 tests, and the totals per Vitest project and per
// Playwright project. `node scripts/test-times.mjs [results folder]`; docs/decisions/066-test-suite-shape.md
// holds the tables before and after.
//
// A Vitest file's seconds are the span from its first test's start to its last test's end (the
// report holds no import or beforeAll time); a Playwright spec's are the sum of its tests' runs
// in one project. Sums over files run side by side exceed the wall clock: compare them with each
// other, and the stage times `npm test` prints with those.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ROOT } from './lib.mjs';

const RESULTS = process.argv[2] ?? join(ROOT, 'test-results');
const TOP = 20;

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

const secs = (ms) => (ms / 1000).toFixed(1).padStart(7);

/**
 * The folder the report's files share: the clone the report came from (a report copied from
 * another clone names its files there, not under this one).
 */
let base = ROOT;
function commonFolder(files) {
  if (files.length === 0) return ROOT;
  let parts = dirname(files[0]).split('/');
  for (const f of files) {
    const other = dirname(f).split('/');
    let i = 0;
    while (i < parts.length && parts[i] === other[i]) i += 1;
    parts = parts.slice(0, i);
  }
  return parts.join('/') || '/';
}

/** The workspace package a file belongs to: api, staff, remotes/wallet, shared/ui, ... */
function packageOf(file) {
  const [first, second] = relative(base, file).split('/');
  return first === 'remotes' || first === 'shared' ? `${first}/${second}` : first;
}

/**
 * The Vitest project of a file's results: its package, and for the API's database passes the
 * database its tests' names carry ("(sqlite)", "(postgres)"; api/test/helpers.ts DB_MODES).
 */
function projectOf(file, tests) {
  const pkg = packageOf(file);
  if (pkg !== 'api') return pkg;
  const onPostgres = tests.filter((t) => /\(postgres\)/.test(t.fullName)).length;
  const onSqlite = tests.filter((t) => /\(sqlite\)/.test(t.fullName)).length;
  if (onPostgres && !onSqlite) return 'api (postgres)';
  if (onSqlite && !onPostgres) return 'api (sqlite)';
  if (onSqlite && onPostgres) return 'api (both in one file)';
  return 'api (no database mode)';
}

function vitestRows(report, label) {
  const files = [];
  const tests = [];
  for (const file of report?.testResults ?? []) {
    const results = file.assertionResults ?? [];
    const name = relative(base, file.name);
    const project = label ?? projectOf(file.name, results);
    files.push({ name, project, ms: Math.max(0, file.endTime - file.startTime), count: results.length });
    for (const t of results) tests.push({ name: `${name} › ${t.fullName}`, project, ms: t.duration ?? 0 });
  }
  return { files, tests };
}

function playwrightRows(report) {
  const specs = new Map();
  const tests = [];
  const projects = new Map();
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        const key = `${file} [${test.projectName}]`;
        const row = specs.get(key) ?? { name: key, project: test.projectName, ms: 0, count: 0 };
        row.ms += ms;
        row.count += 1;
        specs.set(key, row);
        tests.push({ name: `${key} › ${spec.title}`, project: test.projectName, ms });
        const p = projects.get(test.projectName) ?? { ms: 0, count: 0, start: Infinity, end: 0 };
        p.ms += ms;
        p.count += 1;
        for (const r of test.results ?? []) {
          const start = Date.parse(r.startTime);
          p.start = Math.min(p.start, start);
          p.end = Math.max(p.end, start + (r.duration ?? 0));
        }
        projects.set(test.projectName, p);
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file ?? suite.title);
  return { specs: [...specs.values()], tests, projects };
}

function printTop(title, rows) {
  console.log(`\n${title}`);
  for (const row of [...rows].sort((a, b) => b.ms - a.ms).slice(0, TOP))
    console.log(
      `${secs(row.ms)} s  ${row.count === undefined ? '' : `${String(row.count).padStart(3)} tests  `}${row.name}`,
    );
}

function printTotals(title, rows) {
  const totals = new Map();
  for (const row of rows) {
    const t = totals.get(row.project) ?? { ms: 0, files: 0, tests: 0 };
    t.ms += row.ms;
    t.files += 1;
    t.tests += row.count;
    totals.set(row.project, t);
  }
  console.log(`\n${title}`);
  for (const [project, t] of [...totals].sort((a, b) => b[1].ms - a[1].ms))
    console.log(
      `${secs(t.ms)} s  ${String(t.files).padStart(3)} files ${String(t.tests).padStart(5)} tests  ${project}`,
    );
}

const vitestReport = readJson(join(RESULTS, 'vitest.json'));
base = commonFolder((vitestReport?.testResults ?? []).map((f) => f.name));
const vitest = vitestRows(vitestReport);
const cluster = vitestRows(readJson(join(RESULTS, 'vitest-cluster.json')), 'cluster');
const e2eReports = existsSync(RESULTS)
  ? readdirSync(RESULTS).filter((f) => /^e2e-report-\d+\.json$/.test(f))
  : [];
const e2e = playwrightRows(e2eReports.length ? readJson(join(RESULTS, e2eReports[0])) : null);

printTop('Slowest Vitest files (first test start to last test end; cluster included)', [
  ...vitest.files,
  ...cluster.files,
]);
printTop('Slowest Playwright specs (sum of test runs, per project)', e2e.specs);
printTop('Slowest tests (Vitest, cluster and Playwright)', [...vitest.tests, ...cluster.tests, ...e2e.tests]);
printTotals('Vitest totals per project (sum of file spans)', [...vitest.files, ...cluster.files]);
console.log('\nPlaywright totals per project (sum of test runs; wall clock from first start to last end)');
for (const [project, p] of e2e.projects)
  console.log(
    `${secs(p.ms)} s  ${String(p.count).padStart(4)} tests  wall ${secs(Math.max(0, p.end - p.start))} s  ${project}`,
  );
