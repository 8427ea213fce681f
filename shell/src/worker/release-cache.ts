/**
 * What the service worker (sw.ts) may keep and answer from its caches; pure, so it is tested
 * without a worker. Remote version folders are immutable (decision 004), so their files can be
 * kept; but a release manager switches a remote off or rolls it back at any time (decisions
 * 001, 021), so a file is answered from the cache only while the latest release manifest the
 * worker has seen still serves its version, and the files of every other version are dropped.
 */
import { BOOT_ELEMENT_ID } from '@mchezo/contracts/boot';
import type { ReleaseManifest } from '@mchezo/contracts/releases';
import { MANIFEST_URL } from '../federation/manifest-url.ts';
import { parseReleaseManifest } from '../federation/parse-release-manifest.ts';

/** `remote/version`, e.g. `wallet/1.0.0-3f9c2a1b`. */
type VersionKey = string;

/** `/remotes/<remote>/<version>/<file>` → `remote/version`; null for any other path. */
export function versionOfPath(pathname: string): VersionKey | null {
  const m = /^\/remotes\/([^/]+)\/([^/]+)\/./.exec(pathname);
  return m ? `${m[1]}/${m[2]}` : null;
}

/**
 * The versions a manifest serves: each switched-on remote's active version and its canary. A
 * switched-off remote serves none (the shell shows Unavailable), a version no longer named
 * (rolled back, canary ended) neither.
 */
export function servedVersions(manifest: ReleaseManifest): VersionKey[] {
  const out: VersionKey[] = [];
  for (const [remote, release] of Object.entries(manifest.remotes)) {
    if (!release?.enabled) continue;
    out.push(`${remote}/${release.version}`);
    if (release.canary) out.push(`${remote}/${release.canary.version}`);
  }
  return out;
}

/**
 * Whether a remote file may be answered from, or written to, the cache. Never a version's
 * `mf-manifest.json`: it is not immutable (decision 004), and the shell checks it against the
 * hash the release manifest gives, so it always comes from the server (or its HTTP cache).
 */
export function mayCache(pathname: string, served: ReadonlySet<VersionKey>): boolean {
  const version = versionOfPath(pathname);
  return version !== null && served.has(version) && !pathname.endsWith('/mf-manifest.json');
}

/** The cached URLs to delete once `served` is the latest manifest's set. */
export function urlsToDrop(cachedUrls: readonly string[], served: ReadonlySet<VersionKey>): string[] {
  return cachedUrls.filter((url) => !mayCache(new URL(url).pathname, served));
}

const BOOT = new RegExp(`<script type="application/json" id="${BOOT_ELEMENT_ID}">([\\s\\S]*?)</script>`);

/** The release manifest a page carries in its boot data (site/src), if it carries one. */
export function manifestInPage(html: string): ReleaseManifest | null {
  const json = BOOT.exec(html)?.[1];
  if (!json) return null;
  try {
    const release = (JSON.parse(json) as { release?: unknown }).release;
    return release === undefined ? null : parseReleaseManifest(release);
  } catch {
    return null;
  }
}

type RequestKind = 'page' | 'shell-file' | 'remote-file' | 'manifest' | 'other';

/**
 * How the worker treats a request. Only this origin's GETs are its business: `/api/` is never
 * cached (only the live release manifest is read on its way to the page, never answered from a
 * cache); a tester's override manifest (`?override=`) is theirs and teaches nothing.
 */
export function requestKind(
  request: { url: string; method: string; mode: string },
  origin: string,
  precached: ReadonlySet<string>,
): RequestKind {
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== origin) return 'other';
  if (url.pathname === MANIFEST_URL && url.search === '') return 'manifest';
  if (url.pathname.startsWith('/api/')) return 'other';
  if (request.mode === 'navigate') return 'page';
  if (url.pathname.startsWith('/remotes/')) return 'remote-file';
  // The build's hashed files: a name never changes content.
  if (precached.has(url.pathname) || url.pathname.startsWith('/static/')) return 'shell-file';
  return 'other';
}
