/**
 * The compatibility check a version passes before it can go live (activate, canary, promote,
 * roll back to it). Reads the version's files from the version store (version-store.ts) and the
 * shell's own `mf-manifest.json` from the CDN root (SITE_DIR: the site's deploy); answers the
 * reasons it is refused, empty when it may go live:
 * - every singleton it shares is one the shell provides, in a version both sides accept;
 * - it exposes every module the shell's route table mounts for it (REMOTE_EXPOSES);
 * - every file recorded at publish exists and matches its sha384, and every file its
 *   mf-manifest.json names was recorded at publish.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RemoteName } from '@mchezo/contracts/releases';
import { REMOTE_EXPOSES } from '@mchezo/contracts/releases-constants';
import semver from 'semver';
import { sha384Integrity } from '../../lib/crypto.js';
import type { ReadVersionFile } from './critical-path.js';

interface MfShared {
  name?: unknown;
  version?: unknown;
  requiredVersion?: unknown;
  singleton?: unknown;
  assets?: unknown;
}
interface MfManifest {
  shared?: MfShared[];
  exposes?: { name?: unknown; assets?: unknown }[];
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
}

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, 'utf8'));
}

function assetFiles(assets: unknown): string[] {
  const out: string[] = [];
  const a = assets as { js?: { sync?: unknown; async?: unknown }; css?: { sync?: unknown; async?: unknown } };
  for (const kind of [a?.js, a?.css]) {
    for (const list of [kind?.sync, kind?.async]) {
      if (Array.isArray(list)) for (const f of list) if (typeof f === 'string' && f) out.push(f);
    }
  }
  return out;
}

const clean = (p: string) => p.replace(/^\.?\//, '');

/** A version file's JSON, or undefined when it is missing or not JSON. */
async function readVersionJson(read: ReadVersionFile, file: string): Promise<unknown> {
  const bytes = await read(file).catch(() => undefined);
  if (!bytes) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Every file recorded at publish is in the store with its sha384: the reasons it is not, empty
 * when intact. Also what the integrity check on a schedule runs on live versions.
 */
export async function checkFiles(
  read: ReadVersionFile,
  integrity: Record<string, string>,
): Promise<string[]> {
  const missing: string[] = [];
  const mismatched: string[] = [];
  await Promise.all(
    Object.entries(integrity).map(async ([file, expected]) => {
      const bytes = await read(file).catch(() => undefined);
      if (!bytes) {
        missing.push(file);
        return;
      }
      if (sha384Integrity(bytes) !== expected) mismatched.push(file);
    }),
  );
  const problems: string[] = [];
  if (missing.length) problems.push(`missing file${missing.length > 1 ? 's' : ''}: ${list(missing)}`);
  if (mismatched.length) problems.push(`integrity mismatch (changed since publish): ${list(mismatched)}`);
  return problems;
}

interface CompatInput {
  /** The version's files (the version store); undefined: there is no store. */
  read: ReadVersionFile | undefined;
  /** The site's deploy, for the shell's own manifest and exports. */
  cdnDir: string | undefined;
  remote: RemoteName;
  version: string;
  integrity: Record<string, string>;
}

export async function checkCompatibility({
  read,
  cdnDir,
  remote,
  version,
  integrity,
}: CompatInput): Promise<string[]> {
  if (!cdnDir || !read) return ['no CDN folder is configured (SITE_DIR), so the version cannot be checked'];
  // 1. Files: all present, all as published.
  const problems = await checkFiles(read, integrity);

  const manifest = (await readVersionJson(read, 'mf-manifest.json')) as MfManifest | undefined;
  if (!manifest || typeof manifest !== 'object') {
    problems.push(`${remote}/${version}/mf-manifest.json is missing or not JSON`);
    return problems;
  }

  // 2. Every file the manifest names was published (and so is checked above).
  const named = new Set<string>();
  const entry = manifest.metaData?.remoteEntry;
  if (typeof entry?.name === 'string' && entry.name)
    named.add(clean(`${typeof entry.path === 'string' && entry.path ? `${entry.path}/` : ''}${entry.name}`));
  for (const e of manifest.exposes ?? []) for (const f of assetFiles(e.assets)) named.add(clean(f));
  const unpublished = [...named].filter((f) => !Object.hasOwn(integrity, f));
  if (unpublished.length)
    problems.push(`mf-manifest.json names files that were not published: ${list(unpublished)}`);

  // 3. Exposes the shell's routes need.
  const exposed = new Set(
    (manifest.exposes ?? []).map((e) => (typeof e.name === 'string' ? e.name.replace(/^\.\//, '') : '')),
  );
  const needed: readonly string[] = REMOTE_EXPOSES[remote];
  const lacking = needed.filter((n) => !exposed.has(n));
  if (lacking.length)
    problems.push(
      `does not expose ${list(lacking)}, which the shell's routes mount (needs ${needed.join(', ')})`,
    );

  // 4. Shared singletons against what the shell provides.
  let shell: MfManifest;
  try {
    shell = (await readJson(join(cdnDir, 'shell', 'mf-manifest.json'))) as MfManifest;
  } catch {
    problems.push("the shell's mf-manifest.json (shell/mf-manifest.json in SITE_DIR) is missing or not JSON");
    return problems;
  }
  const provided = new Map<string, { version: string; requiredVersion: string | null }>();
  for (const s of shell.shared ?? []) {
    if (typeof s.name !== 'string' || typeof s.version !== 'string') continue;
    provided.set(s.name, {
      version: s.version,
      requiredVersion: typeof s.requiredVersion === 'string' ? s.requiredVersion : null,
    });
  }
  for (const s of manifest.shared ?? []) {
    if (typeof s.name !== 'string') continue;
    const host = provided.get(s.name);
    const wanted = typeof s.requiredVersion === 'string' ? s.requiredVersion : null;
    const own = typeof s.version === 'string' ? s.version : null;
    if (!host) {
      // A workspace subpath the shell does not import itself: the remote's own fallback serves
      // it. Any other singleton would be a second copy the shell knows nothing about.
      if (s.name.startsWith('@mchezo/')) continue;
      if (s.singleton === true)
        problems.push(
          `shares the singleton ${s.name}, which the shell does not provide (a second copy would load)`,
        );
      continue;
    }
    if (wanted && !anyVersion(wanted) && !satisfies(host.version, wanted))
      problems.push(`needs ${s.name} ${wanted}, the shell provides ${host.version}`);
    else if (own && semver.valid(own) && host.requiredVersion && !satisfies(own, host.requiredVersion))
      problems.push(`was built against ${s.name} ${own}, outside the shell's range ${host.requiredVersion}`);
  }

  // 5. Names the remote imports from the shared `@mchezo/*` modules the shell provides (the
  //    host context, the API client, the i18n instance, the router/query/i18n facades…): the
  //    remote runs on the shell's copy, which must have every one, or the remote would get
  //    `undefined` at run time. Modules the shell does not provide are the remote's own copies.
  const imports = (await readVersionJson(read, 'shared-imports.json')) ?? null;
  const exports = await readJson(join(cdnDir, 'shell', 'shared-exports.json')).catch(() => null);
  if (imports && exports) {
    for (const [module, names] of Object.entries(imports as Record<string, string[]>)) {
      const offered = (exports as Record<string, string[]>)[module];
      // Not shared by the shell (the remote's own copy), or a star re-export (names unknown).
      if (!offered || offered.includes('*')) continue;
      const absent = names.filter((n) => !offered.includes(n));
      if (absent.length)
        problems.push(`uses ${list(absent)} from ${module}, which the live shell does not provide`);
    }
  }
  return problems;
}

/**
 * Does a version satisfy a range as Module Federation writes them (`^19.3.1`, `~1.2.0`,
 * `>=1.0.0 <2.0.0`, `*`, `^*`, `1.x`, `a || b`)? Prereleases count as versions like any other
 * (`19.4.0-rc.1` is within `^19.3.1`), which is how the Module Federation runtime judges a
 * shared module it loads; semver's default would refuse every prerelease outside its own
 * `x.y.z`.
 */
export function satisfies(version: string, range: string): boolean {
  return semver.satisfies(version, range, { includePrerelease: true });
}

/** `*`, `x`, `^*`, empty: any version, whatever the other side's version string is. */
function anyVersion(range: string): boolean {
  return semver.validRange(range) === '*';
}

function list(items: string[], max = 5): string {
  const sorted = [...items].sort();
  return sorted.length > max
    ? `${sorted.slice(0, max).join(', ')} and ${sorted.length - max} more`
    : sorted.join(', ');
}
