/**
 * The shell shares react-router-dom trimmed to ROUTER_EXPORTS, and remotes receive that trimmed
 * copy: a remote importing any other export would break at run time. This fails first.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTER_EXPORTS } from './federation.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

export function routerImports(code: string): string[] {
  const names: string[] = [];
  for (const match of code.matchAll(
    /import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]react-router(?:-dom)?['"]/g,
  )) {
    if (match[1]) continue; // `import type` has no run-time cost
    for (const part of match[2]!.split(',')) {
      const spec = part.trim();
      if (!spec || spec.startsWith('type ')) continue;
      names.push(spec.split(/\s+as\s+/)[0]!.trim());
    }
  }
  if (/import\s+\*\s+as\s+\w+\s+from\s+['"]react-router(?:-dom)?['"]/.test(code)) names.push('*');
  return names;
}

describe('react-router-dom exports used by the shell and the remotes', () => {
  const roots = [
    join(ROOT, 'shell', 'src'),
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

  it('are all in the shell-provided list', () => {
    const outside: string[] = [];
    for (const file of files) {
      for (const name of routerImports(readFileSync(file, 'utf8'))) {
        if (!(ROUTER_EXPORTS as readonly string[]).includes(name))
          outside.push(`${relative(ROOT, file)}: ${name}`);
      }
    }
    expect(outside, 'add these to ROUTER_EXPORTS in tooling/src/federation.ts').toEqual([]);
  });

  it('reads named, aliased, type-only and namespace imports', () => {
    expect(routerImports("import { Link, useNavigate as nav, type To } from 'react-router-dom';")).toEqual([
      'Link',
      'useNavigate',
    ]);
    expect(routerImports("import type { Location } from 'react-router-dom';")).toEqual([]);
    expect(routerImports("import * as R from 'react-router-dom';")).toEqual(['*']);
  });
});
