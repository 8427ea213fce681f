/**
 * The one list of what Module Federation shares between the shell and the remotes.
 *
 * Every entry is a singleton: a second React, router, query client, i18n instance or host
 * context would split state in two. Versions come from the pnpm catalog, so the ranges here
 * are what the shell promises to provide; a remote built against another range is refused
 * by the MF runtime (and, later, by the release compatibility check).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Reads a version pinned in the pnpm catalog (pnpm-workspace.yaml). */
export function catalogVersion(pkg: string): string {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const key = pkg.includes('@') || pkg.includes('/') ? `'${pkg}'` : pkg;
  const line = yaml.split('\n').find((l) => l.trim().startsWith(`${key}:`));
  if (!line) throw new Error(`${pkg} is not pinned in the pnpm catalog`);
  return line.split(':')[1]!.trim().replace(/^\^/, '');
}

/**
 * Singletons shared tree-shaken to the exports listed here (react-router-dom drops from ~62 kB
 * to ~15 kB gzip). A remote receives the shell's trimmed copy, so each list must cover every
 * export the shell or any remote imports: `shared-exports.test.ts` fails when a source file
 * imports one that is missing. Add the name here, not a workaround in the remote.
 */
export const TRIMMED_EXPORTS = {
  'react-router-dom': [
    'BrowserRouter',
    'Link',
    'MemoryRouter',
    'NavLink',
    'Navigate',
    'Outlet',
    'Route',
    'Routes',
    'useLocation',
    'useNavigate',
    'useParams',
    'useSearchParams',
  ],
  'react-i18next': ['I18nextProvider', 'Trans', 'initReactI18next', 'useTranslation'],
  '@tanstack/react-query': [
    'QueryClient',
    'QueryClientProvider',
    'infiniteQueryOptions',
    'keepPreviousData',
    'queryOptions',
    'useInfiniteQuery',
    'useMutation',
    'useQuery',
    'useQueryClient',
  ],
} as const satisfies Record<string, readonly string[]>;

export type TrimmedPackage = keyof typeof TRIMMED_EXPORTS;

/** Workspace packages holding a store or context: shared, or host and remote get two. */
export const WORKSPACE_SINGLETONS = [
  '@mchezo/host',
  '@mchezo/ui',
  '@mchezo/i18n',
  '@mchezo/api-client',
] as const;

export const NPM_SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'zustand',
  '@tanstack/react-query',
  'i18next',
  'react-i18next',
] as const;

const LAZY_IN_HOST = new Set(['@mchezo/i18n/']);

type SharedEntry = {
  singleton: true;
  requiredVersion: string | false;
  version?: string;
  import?: false | undefined;
  eager?: boolean;
  treeShaking?: { mode: 'runtime-infer'; usedExports: string[] };
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
  // The runtime hands a consumer the shell's trimmed copy only when it declares the same
  // tree-shaking mode and has a fallback of its own; that fallback is a separate chunk a remote
  // never downloads while the shell provides the package.
  for (const [pkg, usedExports] of Object.entries(TRIMMED_EXPORTS)) {
    shared[pkg] = {
      ...shared[pkg]!,
      import: undefined,
      treeShaking: { mode: 'runtime-infer', usedExports: [...usedExports] },
    };
  }
  // Workspace packages are imported by subpath (`@mchezo/host/context`): share the prefix.
  // The shell provides only the subpaths it imports itself (the stateful ones among them: the
  // host context, the i18n instance, the API client). A remote keeps a fallback for the rest
  // (`@mchezo/i18n/money`, `@mchezo/ui/alert`…), fetched only when the shell has no copy.
  for (const pkg of WORKSPACE_SINGLETONS) {
    shared[`${pkg}/`] = { singleton: true, requiredVersion: false };
  }
  if (role === 'host') {
    // Everything the shell needs for its first render goes in its entry chunk instead of one
    // async chunk per shared module: fewer round trips on a slow network, and no duplicated
    // helper code across chunks. Trimmed packages cannot be eager (MF refuses both), and an
    // eager module may only import eager ones, so @mchezo/i18n (on react-i18next) stays lazy.
    for (const [key, entry] of Object.entries(shared)) {
      if (!entry.treeShaking && !LAZY_IN_HOST.has(key)) entry.eager = true;
    }
  }
  return shared;
}
