// What crosses the shell <-> remote boundary by name: the exports of the shared modules whose
// names are fixed (the facades), and the names each remote imports from them. The build writes
// both next to its output; the release check compares them before a version goes live.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Shared modules with a fixed export list, and the file that defines it. */
export const FACADES = {
  '@mchezo/host/router': 'shared/host/src/router.tsx',
  '@mchezo/host/query': 'shared/host/src/query.tsx',
  '@mchezo/i18n/react': 'shared/i18n/src/react.ts',
};

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Value names in `export { a, b as c } from '…'` statements (type exports left out). */
export function exportedNames(code) {
  const names = [];
  for (const m of code.matchAll(/export\s+(type\s+)?\{([^}]*)\}\s+from/g)) {
    if (m[1]) continue;
    for (const part of m[2].split(',')) {
      const spec = part.trim();
      if (!spec || spec.startsWith('type ')) continue;
      names.push(
        spec
          .split(/\s+as\s+/)
          .pop()
          .trim(),
      );
    }
  }
  return names;
}

/** Value names imported from `module` in a source file. */
export function importedNames(code, module) {
  const names = [];
  const from = `['"]${escapeRegExp(module)}['"]`;
  for (const m of code.matchAll(new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+${from}`, 'g'))) {
    if (m[1]) continue;
    for (const part of m[2].split(',')) {
      const spec = part.trim();
      if (!spec || spec.startsWith('type ')) continue;
      names.push(spec.split(/\s+as\s+/)[0].trim());
    }
  }
  return names;
}

export function facadeExports(root) {
  const out = {};
  for (const [module, file] of Object.entries(FACADES))
    out[module] = exportedNames(readFileSync(join(root, file), 'utf8')).sort();
  return out;
}

function sources(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'standalone') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

export function remoteFacadeImports(remoteDir) {
  const used = {};
  for (const file of sources(join(remoteDir, 'src'))) {
    const code = readFileSync(file, 'utf8');
    for (const module of Object.keys(FACADES)) {
      const names = importedNames(code, module);
      if (!names.length) continue;
      if (!used[module]) used[module] = new Set();
      for (const name of names) used[module].add(name);
    }
  }
  return Object.fromEntries(Object.entries(used).map(([m, set]) => [m, [...set].sort()]));
}
