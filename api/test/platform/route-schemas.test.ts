/**
 * One owner per request shape and per service (docs/decisions/036-one-composition-root-and-job-runner.md):
 * route and schema files, and the modules' services, take their zod objects from shared/contracts
 * (a request's body, a provider's callback), never write one inline, and zod is used elsewhere
 * only for the environment (each module's `*.config.ts` slice) and to run those schemas; route
 * plugins receive their services from their module's plugin (`*.module.ts`,
 * docs/decisions/067-modules-as-plugins.md), never build one; and no background timer lives outside
 * the job runner (src/lib/job-runner.ts). Fails listing the lines that do.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');

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
/** Where a request or a provider's body is read: the route files and every file of a module (its services). */
const shapeFiles = () => [
  ...new Set([...routeFiles(), ...sourceFiles(/(?<!\.config)\.ts$/, join(SRC, 'modules'))]),
];

/** `file:line: text` of each line matching `pattern` in `files` (the route files unless told). */
function linesMatching(pattern: RegExp, files = routeFiles()): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${relative(SRC, file)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

it('finds the route files and services it checks', () => {
  expect(routeFiles().length).toBeGreaterThan(10);
  expect(shapeFiles().filter((file) => file.endsWith('.service.ts')).length).toBeGreaterThan(10);
});

it('no zod object is written in a route, schema or module file: each comes from shared/contracts', () => {
  expect(
    linesMatching(/\b\w+\.(object|strictObject|looseObject)\(|\.(extend|safeExtend)\(\{/, shapeFiles()),
  ).toEqual([]);
});

it("zod elsewhere only reads the environment or works with the contracts' schemas", () => {
  const checked = new Set(shapeFiles());
  const others = linesMatching(
    /['"]zod(\/[^'"]*)?['"]/,
    sourceFiles(/\.ts$/).filter((file) => !checked.has(file) && !file.endsWith('.config.ts')),
  ).map((line) => line.replace(/:\d+:.*/, ''));
  expect(others.sort()).toEqual([
    // The environment's schema and its kinds of value (the one zod object outside contracts: the
    // process's settings, not a request's shape); a route's querystring keys, read from its schema
    // for the log's redaction; the response serializer, which runs each route's response schema.
    'env-rules.ts', // the rules across the environment's variables, by zod's refinement context
    'env-values.ts',
    'env.ts',
    // A module's config slice, by its zod object's keys (the slices are the `*.config.ts` files).
    'lib/api-module.ts',
    'lib/redact.ts',
    'lib/serializer.ts',
  ]);
});

it("no route plugin builds a service: its module's plugin builds them once", () => {
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
    'lib/job-runner.ts', // the lease's heartbeat (docs/decisions/064-storage-and-timeouts.md)
    'lib/job-runner.ts', // `runIn`: a round early
    'modules/health/health.routes.ts',
    'server.ts',
  ]);
});
