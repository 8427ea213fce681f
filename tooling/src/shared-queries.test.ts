/**
 * One owner per shared query (docs/decisions/013-one-owner-per-shared-query.md): a GET of one URL
 * (a fixed path, no parameters) is defined in one file of the browser code. Two parts reading it
 * use the query in `shared/host/src/queries/`, never a copy each under the same key.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const REMOTES = readdirSync(join(ROOT, 'remotes')).map((name) => join('remotes', name, 'src'));
const SOURCES = ['shell/src', 'shared/host/src', ...REMOTES];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The fixed URLs a file GETs: `api.get<T>('/path'` or a template without `${…}` or `?`. */
function fixedReads(code: string): string[] {
  const reads = code.matchAll(/api\.get(?:<[^>]*>)?\(\s*(['"`])(\/[^'"`$?]*)\1/g);
  return [...reads].map((match) => match[2] as string);
}

describe('shared queries', () => {
  it('each fixed GET URL is read by one file only', () => {
    const readers = new Map<string, string[]>();
    for (const file of SOURCES.flatMap(sourceFiles)) {
      for (const url of fixedReads(readFileSync(join(ROOT, file), 'utf8'))) {
        readers.set(url, [...(readers.get(url) ?? []), relative(ROOT, join(ROOT, file))]);
      }
    }
    const twice = [...readers].filter(([, files]) => files.length > 1);
    expect(twice).toEqual([]);
    // The scan sees the shared queries themselves (a pattern gone stale would pass silently).
    expect(readers.get('/safer-gambling')).toEqual(['shared/host/src/queries/safer-gambling.tsx']);
  });
});
