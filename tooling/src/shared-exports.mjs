// What crosses the shell <-> remote boundary by name. A remote runs on the shell's copy of every
// shared `@mchezo/*` module the shell provides (the host context, the API client, the i18n
// instance, the facades of react-router, TanStack Query and react-i18next…): a name the remote
// imports that the live shell's copy lacks is `undefined` at run time. The shell's build records
// the exports of each module it provides (`shared-exports.json`), a remote's build the names it
// imports from `@mchezo/*` (`shared-imports.json`); the release check compares them before a
// version goes live. Modules the shell does not provide are the remote's own fallback copies.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Block comments and whole-line `//` comments: commented-out code exports nothing. */
const withoutComments = (code) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** `a`, `b as c`, `type d` → the names a brace list binds (type-only ones left out). */
function listNames(list, pick) {
  const names = [];
  for (const part of list.split(',')) {
    const spec = part.trim();
    if (!spec || spec.startsWith('type ')) continue;
    const [local, alias] = spec.split(/\s+as\s+/);
    names.push((pick === 'exported' ? (alias ?? local) : local).trim());
  }
  return names;
}

/**
 * Value names a module exports: `export { a, b as c } [from '…']`, `export function|class|
 * const|let|var|enum x`, `export default`. Types and interfaces are left out. `export *` cannot
 * be listed from the text: it yields `*`, which the release check reads as "anything".
 */
export function exportedNames(source) {
  const code = withoutComments(source);
  const names = new Set();
  for (const m of code.matchAll(/export\s+(type\s+)?\{([^}]*)\}/g)) {
    if (!m[1]) for (const n of listNames(m[2], 'exported')) names.add(n);
  }
  const declaration =
    /export\s+(?:declare\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\*?|class|const\s+enum|enum|const|let|var)\s+([A-Za-z_$][\w$]*)/g;
  for (const m of code.matchAll(declaration)) names.add(m[1]);
  if (/export\s+default\b/.test(code)) names.add('default');
  if (/export\s+\*\s+from/.test(code)) names.add('*');
  return [...names].sort();
}

/** Value names imported from `module` in a source file (`import x` counts as `default`). */
export function importedNames(source, module) {
  const code = withoutComments(source);
  const names = [];
  const from = `\\s+from\\s+['"]${escapeRegExp(module)}['"]`;
  const clause = new RegExp(`import\\s+(type\\s+)?([\\w$]+\\s*,\\s*)?(\\{[^}]*\\}|[\\w$]+)${from}`, 'g');
  for (const m of code.matchAll(clause)) {
    if (m[1]) continue;
    if (m[2]) names.push('default');
    if (m[3].startsWith('{')) names.push(...listNames(m[3].slice(1, -1), 'imported'));
    else names.push('default');
  }
  return names;
}

/** The source file of a workspace module (`@mchezo/host/context` → shared/host/src/context.tsx). */
export function sharedModuleFile(root, module) {
  const m = /^@mchezo\/([\w-]+)\/([\w./-]+)$/.exec(module);
  if (!m) return null;
  for (const ext of ['.ts', '.tsx']) {
    const file = join(root, 'shared', m[1], 'src', `${m[2]}${ext}`);
    if (existsSync(file)) return file;
  }
  return null;
}

/**
 * The exports of every `@mchezo/*` module the shell provides, from its built `mf-manifest.json`
 * (its `shared` list) and the workspace's sources.
 */
export function shellSharedExports(root, shellManifestFile) {
  const manifest = JSON.parse(readFileSync(shellManifestFile, 'utf8'));
  const out = {};
  for (const { name } of manifest.shared ?? []) {
    const file = name.startsWith('@mchezo/') ? sharedModuleFile(root, name) : null;
    if (file) out[name] = exportedNames(readFileSync(file, 'utf8'));
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
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

/** Every name a remote's shipped sources import from a `@mchezo/*` module, by module. */
export function remoteSharedImports(remoteDir) {
  const used = {};
  for (const file of sources(join(remoteDir, 'src'))) {
    const code = readFileSync(file, 'utf8');
    const modules = new Set(
      [...code.matchAll(/from\s+['"](@mchezo\/[\w-]+\/[\w./-]+)['"]/g)].map((m) => m[1]),
    );
    for (const module of modules) {
      const names = importedNames(code, module);
      if (!names.length) continue;
      used[module] ??= new Set();
      for (const name of names) used[module].add(name);
    }
  }
  return Object.fromEntries(
    Object.entries(used)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([m, set]) => [m, [...set].sort()]),
  );
}
