/**
 * One owner per request shape and per service (docs/decisions/036-one-composition-root-and-job-runner.md):
 * route and schema files take their zod objects from shared/contracts, never write one inline, and
 * route plugins receive their services from the composition root (src/composition.ts), never build
 * one. Fails listing the lines that do.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');

/** Every `*.routes.ts` and `*.schemas.ts` under src/. */
function routeFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return /\.(routes|schemas)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** `file:line: text` of each line matching `pattern` in the route files. */
function linesMatching(pattern: RegExp): string[] {
  return routeFiles().flatMap((file) =>
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
