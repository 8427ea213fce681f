/**
 * At boot, start-up registers the version folders built into the builds folder
 * (RELEASES_BUILDS_DIR, default SITE_DIR/remotes: `<remote>/<version>/`): the newest build of each
 * remote is published, through the same services as the CLI's (an upload into the version store
 * when that is not the builds folder itself, decision 049), as "npm start". Start-up never
 * activates anything (docs/decisions/059-canary-floors-and-start-up.md): only a revision made by
 * a person, or by a deploy key within its scope, changes what players get. The one exception is
 * the very first manifest: with no revision at all (a fresh data folder) the newest builds become
 * revision 1, written with compare-and-swap on revision 0, so it happens once and never again.
 * A build is a folder this repository's build placed: when the folder store is the builds folder,
 * uploads land there too, marked (`UPLOAD_MARKER`); they are published as found, never named by
 * the first manifest.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteName, RemoteRelease } from '@mchezo/contracts/releases';
import { REMOTE_NAMES } from '@mchezo/contracts/releases-constants';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import type { Remotes } from './manifest-change.js';
import type { ReleasesConfig } from './releases.config.js';
import type { RevisionService } from './revisions.service.js';
import { FolderStore, filesOfFolder, hashesOf, isUploadFolder } from './version-store.js';
import type { VersionService } from './versions.service.js';

const STARTUP_ACTOR = 'npm start';

/** The folder of built versions start-up publishes from (`<remote>/<version>/`), if any. */
export function buildsDir(env: Pick<ReleasesConfig, 'RELEASES_BUILDS_DIR' | 'SITE_DIR'>): string | undefined {
  return env.RELEASES_BUILDS_DIR ?? (env.SITE_DIR ? join(env.SITE_DIR, 'remotes') : undefined);
}

/** Version folders of a remote in the builds folder (builds and uploads), newest first. */
function versionFolders(builds: string, remote: string): string[] {
  const dir = join(builds, remote);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((v) => !v.includes('.tmp-') && existsSync(join(dir, v, 'mf-manifest.json')))
    .sort((a, b) => statSync(join(dir, b)).mtimeMs - statSync(join(dir, a)).mtimeMs);
}

/**
 * Registers a built folder as a published version, unless it is: in place when the store is that
 * folder, else its files uploaded into the store (checked as any upload).
 */
async function publishFromDisk(
  ctx: AppContext,
  versions: VersionService,
  builds: string,
  remote: RemoteName,
  version: string,
): Promise<boolean> {
  if (await versions.find(remote, version)) return true;
  const files = await filesOfFolder(join(builds, remote, version));
  const integrity = hashesOf(files);
  const reason = 'built locally';
  const inPlace = versions.store instanceof FolderStore && versions.store.root === builds;
  try {
    if (inPlace) await versions.publish(STARTUP_ACTOR, remote, { version, integrity, reason });
    else {
      const body = Object.fromEntries([...files].map(([path, bytes]) => [path, bytes.toString('base64')]));
      await versions.upload(STARTUP_ACTOR, remote, version, { integrity, files: body, reason });
    }
  } catch (err) {
    if (!(err instanceof AppError && err.statusCode === 409)) {
      ctx.log.warn({ remote, version, err: (err as Error).message }, 'release: build not published');
      return false;
    }
  }
  return true;
}

/**
 * Publishes each remote's newest build; on a data folder without any revision, makes the first
 * manifest of them. A build that fails the compatibility check is logged and left out of it; the
 * others still go in.
 */
export async function syncWithBuilds(
  ctx: AppContext,
  revisions: RevisionService,
  versions: VersionService,
  config: ReleasesConfig,
): Promise<void> {
  const builds = buildsDir(config);
  if (!builds || !versions.store) return;
  const current = await revisions.current();
  const first = current.revision === 0;
  const remotes: Remotes = {};
  const changed: string[] = [];
  for (const name of REMOTE_NAMES) {
    const folders = versionFolders(builds, name);
    const [newest] = folders;
    if (!newest) continue;
    const listed = await publishFromDisk(ctx, versions, builds, name, newest);
    if (!first) {
      if (listed && current.remotes[name]?.version !== newest)
        ctx.log.info(
          { remote: name, version: newest, live: current.remotes[name]?.version ?? null },
          'release: newest version folder published, not activated: a release manager activates it',
        );
      continue;
    }
    // The first manifest names the newest build, never an upload (however new).
    const latest = folders.find((v) => !isUploadFolder(join(builds, name, v)));
    if (!latest) {
      ctx.log.info({ remote: name }, 'release: only uploads, no build: left out of the first manifest');
      continue;
    }
    if (latest === newest ? !listed : !(await publishFromDisk(ctx, versions, builds, name, latest))) continue;
    const v = await versions.require(name, latest);
    const next: RemoteRelease = { version: latest, entry: v.entry, enabled: true };
    // Checked one by one, so one incompatible build does not hold back the others.
    try {
      await revisions.checkLive({ ...remotes }, { ...remotes, [name]: next });
    } catch (err) {
      ctx.log.warn({ remote: name, version: latest, err: (err as Error).message }, 'release: not activated');
      continue;
    }
    remotes[name] = next;
    changed.push(`${name} ${latest}`);
  }
  if (!changed.length) return;
  try {
    // Base revision 0: another instance that wrote the first manifest meanwhile wins (409).
    await revisions.change(STARTUP_ACTOR, 0, 'npm start: the first manifest, of the builds', async () => ({
      action: `activate ${changed.join(', ')}`,
      remotes,
    }));
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'release: could not write the first manifest');
  }
}
