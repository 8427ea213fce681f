/**
 * The hashes browsers check a remote's entry files against (docs/decisions/024): each live
 * version's `mf-manifest.json` and entry script, from the integrity map recorded at publish, by
 * URL path. The entry's chunks carry their own hashes inside the entry (the build's SRI), so
 * these are the whole chain. Versions are immutable: each is read once and kept.
 */
import type { ReleaseManifest } from '@mchezo/contracts/releases';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { findVersion } from './releases.repository.js';
import type { VersionStore } from './version-store.js';

const MF_MANIFEST = 'mf-manifest.json';

/** The entry script a version's `mf-manifest.json` names (its files were checked at publish). */
async function entryScript(
  store: VersionStore,
  remote: string,
  version: string,
): Promise<string | undefined> {
  try {
    const { metaData } = JSON.parse((await store.read(remote, version, MF_MANIFEST))?.toString('utf8') ?? '');
    const { name, path } = metaData.remoteEntry as { name: string; path: string };
    return path ? `${path}/${name}` : name;
  } catch {
    return undefined;
  }
}

export class EntryIntegrity {
  private readonly known = new Map<string, Record<string, string>>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly store: VersionStore | null,
  ) {}

  /** `URL path → sha384-…` of one version's entry files, resolved against its entry's URL. */
  private async of(remote: string, version: string, entry: string): Promise<Record<string, string>> {
    const key = `${remote}\0${version}\0${entry}`;
    const cached = this.known.get(key);
    if (cached) return cached;
    const row = await findVersion(this.db, remote, version);
    // Only our own CDN's files: an entry elsewhere is not what was hashed at publish.
    if (!row || row.entry !== entry || !entry.startsWith('/') || !this.store) return {};
    const recorded = new Map(Object.entries(JSON.parse(row.integrity) as Record<string, string>));
    const script = await entryScript(this.store, remote, version);
    const base = new URL(entry, 'http://site');
    const paths = Object.fromEntries(
      [MF_MANIFEST, script]
        .filter((file): file is string => !!file && recorded.has(file))
        .map((file) => [new URL(file, base).pathname, recorded.get(file) as string]),
    );
    this.known.set(key, paths);
    return paths;
  }

  /** The manifest with the entry hashes of every live version (active and canary) as `integrity`. */
  async add(manifest: ReleaseManifest): Promise<ReleaseManifest> {
    const live = Object.entries(manifest.remotes).flatMap(([remote, r]) =>
      !r?.enabled
        ? []
        : [[remote, r.version, r.entry], ...(r.canary ? [[remote, r.canary.version, r.canary.entry]] : [])],
    );
    const maps = await Promise.all(
      live.map(([remote, version, entry]) => this.of(remote!, version!, entry!)),
    );
    const integrity = Object.assign({}, ...maps) as Record<string, string>;
    return Object.keys(integrity).length ? { ...manifest, integrity } : manifest;
  }
}
