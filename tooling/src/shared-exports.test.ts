/**
 * The shell shares some singletons trimmed to a list of exports (TRIMMED_EXPORTS), and remotes
 * receive that trimmed copy: a remote importing any other export would break at run time.
 * This test fails first, naming the file and the export.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TRIMMED_EXPORTS, type TrimmedPackage } from './federation.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PACKAGES = Object.keys(TRIMMED_EXPORTS) as TrimmedPackage[];

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Run-time names imported from `pkg` (type-only imports cost nothing and are skipped). */
export function importedNames(code: string, pkg: string): string[] {
  const from = `['"]${escape(pkg)}['"]`;
  const names: string[] = [];
  for (const match of code.matchAll(
    new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+${from}`, 'g'),
  )) {
    if (match[1]) continue;
    for (const part of match[2]!.split(',')) {
      const spec = part.trim();
      if (!spec || spec.startsWith('type ')) continue;
      names.push(spec.split(/\s+as\s+/)[0]!.trim());
    }
  }
  if (new RegExp(`import\\s+\\*\\s+as\\s+\\w+\\s+from\\s+${from}`).test(code)) names.push('*');
  if (new RegExp(`import\\s+\\w+\\s*(,|from)[^;]*${from}`).test(code)) names.push('default');
  return names;
}

describe('exports of trimmed shared packages used by the shell and the remotes', () => {
  const roots = [
    join(ROOT, 'shell', 'src'),
    ...readdirSync(join(ROOT, 'shared')).map((p) => join(ROOT, 'shared', p, 'src')),
    ...readdirSync(join(ROOT, 'remotes')).map((r) => join(ROOT, 'remotes', r, 'src')),
  ].filter((dir) => {
    try {
      return statSync(dir).isDirectory();
    } catch {
      return false;
    }
  });
  const files = roots.flatMap((dir) => sources(dir));

  it('finds the sources it guards', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(PACKAGES)('%s: every imported export is in the shell-provided list', (pkg) => {
    const allowed: readonly string[] = TRIMMED_EXPORTS[pkg];
    const outside: string[] = [];
    for (const file of files) {
      for (const name of importedNames(readFileSync(file, 'utf8'), pkg)) {
        if (!allowed.includes(name)) outside.push(`${relative(ROOT, file)}: ${name}`);
      }
    }
    expect(outside, `add these to TRIMMED_EXPORTS['${pkg}'] in tooling/src/federation.ts`).toEqual([]);
  });

  it('reads named, aliased, type-only, default and namespace imports', () => {
    const pkg = 'react-router-dom';
    expect(
      importedNames("import { Link, useNavigate as nav, type To } from 'react-router-dom';", pkg),
    ).toEqual(['Link', 'useNavigate']);
    expect(importedNames("import type { Location } from 'react-router-dom';", pkg)).toEqual([]);
    expect(importedNames("import * as R from 'react-router-dom';", pkg)).toEqual(['*']);
    expect(importedNames("import Router from 'react-router-dom';", pkg)).toEqual(['default']);
    expect(importedNames("import { useQuery } from '@tanstack/react-query';", pkg)).toEqual([]);
  });
});
