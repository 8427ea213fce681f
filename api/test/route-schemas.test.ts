/**
 * One owner per request shape and per service (docs/decisions/036-one-composition-root-and-job-runner.md):
 * route and schema files take their zod objects from shared/contracts, never write one inline, and
 * route plugins receive their services from the composition root (src/composition.ts), never build
 * one; and no background timer lives outside the job runner (src/lib/job-runner.ts). Fails listing
 * the lines that do.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');

/** Every file under src/ whose name matches `name`. */
function sourceFiles(name: RegExp, dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(name, path);
    return name.test(entry.name) ? [path] : [];
  });
}

/** Every `*.routes.ts` and `*.schemas.ts` under src/. */
const routeFiles = () => sourceFiles(/\.(routes|schemas)\.ts$/);

/** `file:line: text` of each line matching `pattern` in `files` (the route files unless told). */
function linesMatching(pattern: RegExp, files = routeFiles()): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${relative(SRC, file)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

it('finds the route files it checks', () => {
  expect(routeFiles().length).toBeGreaterThan(10);
});

it('no zod object is written in a route or schema file: each comes from shared/contracts', () => {
  expect(linesMatching(/\bz\.(object|strictObject|looseObject)\(/)).toEqual([]);
});

it('no route plugin builds a service: src/composition.ts builds them once', () => {
  expect(linesMatching(/\bnew [A-Z]\w*(Service|Monitor|Guard|Reconciler|Limiter)\(/)).toEqual([]);
});

it('no background timer outside the job runner: jobs, adapters and the simulator use lib/job-runner.ts', () => {
  const timers = linesMatching(/\bset(Interval|Timeout)\(/, sourceFiles(/\.ts$/)).map((line) =>
    line.replace(/:\d+:.*/, ''),
  );
  expect(timers.sort()).toEqual([
    // Not background work: the shortest wait of the demo game's page in the browser (a script in
    // its HTML), the readiness probe's time limit on a database check, a stop that hangs.
    'adapters/games/demo-page.ts',
    'lib/job-runner.ts', // the interval
    'lib/job-runner.ts', // `runIn`: a round early
    'modules/health/health.routes.ts',
    'server.ts',
  ]);
});
