/**
 * The one list of what Module Federation shares between the shell and the remotes.
 *
 * Every entry is a singleton: a second React, router, query client, i18n instance or host
 * context would split state in two. Versions come from the pnpm catalog, so the ranges here
 * are what the shell promises to provide; a remote built against another range is refused
 * by the MF runtime (and, later, by the release compatibility check).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rspack } from '@rsbuild/core';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

/**
 * The pnpm catalog (pnpm-workspace.yaml) inside the workspace; outside it (this package installed
 * from its packed tarball, decision 050) the copy `scripts/pack-shared.mjs` packed beside this
 * file, so a remote built elsewhere shares the versions the shell was built with.
 */
function catalog(): Record<string, string> {
  const workspace = join(root, 'pnpm-workspace.yaml');
  if (!existsSync(workspace))
    return JSON.parse(readFileSync(join(here, 'catalog.json'), 'utf8')) as Record<string, string>;
  const out: Record<string, string> = {};
  let inCatalog = false;
  for (const line of readFileSync(workspace, 'utf8').split('\n')) {
    if (/^\S/.test(line)) inCatalog = line.startsWith('catalog:');
    const m = inCatalog ? /^\s+(['"]?)([^'":]+)\1:\s*(\S+)/.exec(line) : null;
    if (m) out[m[2]!] = m[3]!;
  }
  return out;
}

/** Reads a version pinned in the pnpm catalog (pnpm-workspace.yaml). */
export function catalogVersion(pkg: string): string {
  const version = catalog()[pkg];
  if (!version) throw new Error(`${pkg} is not pinned in the pnpm catalog`);
  return version.replace(/^\^/, '');
}

/** Workspace packages holding a store or context: shared, or host and remote get two. */
export const WORKSPACE_SINGLETONS = [
  '@mchezo/host',
  '@mchezo/ui',
  '@mchezo/i18n',
  '@mchezo/api-client',
] as const;

/**
 * react-router-dom, @tanstack/react-query and react-i18next are not shared as packages: they
 * reach remotes through facades in shared workspace packages (`@mchezo/host/router`,
 * `@mchezo/host/query`, `@mchezo/i18n/react`) that re-export only the names the product uses.
 * Shared as one module each, they keep one instance for the page and let the bundler trim the
 * library (MF's own run-time tree shaking handed some remotes a second router; see
 * docs/decisions/003). dependency-cruiser forbids importing the libraries directly.
 */
export const NPM_SINGLETONS = ['react', 'react-dom', 'zustand', 'i18next'] as const;

type SharedEntry = {
  singleton: true;
  requiredVersion: string | false;
  version?: string;
  import?: false | undefined;
  eager?: boolean;
  packageName?: string;
};

/**
 * `role: 'host'` provides every singleton; `role: 'remote'` consumes them with `import: false`,
 * so a remote never bundles a fallback copy: it cannot fetch a second React even by mistake.
 */
export function sharedSingletons(role: 'host' | 'remote'): Record<string, SharedEntry> {
  const shared: Record<string, SharedEntry> = {};
  const consume = role === 'remote' ? { import: false as const } : {};
  for (const pkg of NPM_SINGLETONS) {
    const version = catalogVersion(pkg);
    shared[pkg] = { singleton: true, requiredVersion: `^${version}`, version, ...consume };
  }
  // Subpaths of React that compiled JSX and the shell import.
  for (const sub of ['react/jsx-runtime', 'react-dom/client']) {
    const version = catalogVersion(sub.split('/')[0]!);
    shared[sub] = { singleton: true, requiredVersion: `^${version}`, version, ...consume };
  }
  // Workspace packages are imported by subpath (`@mchezo/host/context`): share the prefix.
  // The shell provides only the subpaths it imports itself (the stateful ones among them: the
  // host context, the i18n instance, the API client). A remote keeps a fallback for the rest
  // (`@mchezo/i18n/money`, `@mchezo/ui/alert`…), fetched only when the shell has no copy.
  for (const pkg of WORKSPACE_SINGLETONS) {
    // `packageName`: the plugin looks the share's package up by this name, not by the prefix
    // (Node warns on resolving a specifier that ends in "/", DEP0155).
    shared[`${pkg}/`] = { singleton: true, requiredVersion: false, packageName: pkg };
  }
  if (role === 'host') {
    // Everything the shell needs for its first render goes in its entry chunk instead of one
    // async chunk per shared module: fewer round trips on a slow network, and no duplicated
    // helper code across chunks.
    for (const entry of Object.values(shared)) entry.eager = true;
  }
  return shared;
}

const MF_CJS_FILE =
  /[\\/]@module-federation[\\/](sdk|error-codes|runtime|runtime-core|webpack-bundler-runtime)[\\/]dist[\\/].+\.cjs$/;

/**
 * Rspack resolves the MF runtime with `require.resolve`, so every page got the runtime's
 * CommonJS build: no tree shaking (Node-only helpers and type stubs of the SDK ship to phones)
 * and, where an ESM import of the same package meets it, two copies. This swaps each CommonJS
 * file of the runtime packages for its ESM twin in the same folder (`x.cjs` → `x.js`/`x.mjs`).
 */
export function preferEsmFederationRuntime(): Rspack.RspackPluginInstance {
  return {
    apply(compiler: Rspack.Compiler) {
      new compiler.webpack.NormalModuleReplacementPlugin(MF_CJS_FILE, (data: ReplacementData) => {
        const swap = (file: string) => {
          for (const ext of ['.js', '.mjs']) {
            const esm = file.replace(/\.cjs$/, ext);
            if (existsSync(esm)) return esm;
          }
          return file;
        };
        if (data.createData?.resource) data.createData.resource = swap(data.createData.resource);
        else if (data.request && MF_CJS_FILE.test(data.request)) data.request = swap(data.request);
      }).apply(compiler);
    },
  };
}

interface ReplacementData {
  request?: string;
  createData?: { resource?: string };
}
