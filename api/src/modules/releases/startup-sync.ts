/**
 * At boot, the release manifest catches up with the version folders built into the builds folder
 * (RELEASES_BUILDS_DIR, default SITE_DIR/remotes: `<remote>/<version>/`): the newest build of each
 * remote is published, through the same services as the CLI's (an upload into the version store
 * when that is not the builds folder itself, decision 049), as "npm start". Start never undoes a release manager's
 * decision (docs/decisions/021-release-decisions-survive-restarts.md): the newest build goes
 * live, as one revision by "npm start", only
 * - for a remote no revision has ever had; or
 * - with `RELEASES_ACTIVATE_LATEST=true`, for a remote only start-up has ever changed (a local
 *   `npm start` deploys what it has just built); or, without it, when that remote's folder is gone;
 * - with `RELEASES_ACTIVATE_LATEST=force`, for every remote (asked for explicitly, this start).
 * Otherwise the build is published (listed) and left for a manager to activate.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ReleaseManifest, RemoteName, RemoteRelease } from '@mchezo/contracts/releases';
import { REMOTE_NAMES } from '@mchezo/contracts/releases-constants';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { revisionTrail } from './releases.repository.js';
import type { Remotes, RevisionService } from './revisions.service.js';
import { FolderStore, filesOfFolder, hashesOf } from './version-store.js';
import type { VersionService } from './versions.service.js';

const STARTUP_ACTOR = 'npm start';

/** The folder of built versions start-up publishes from (`<remote>/<version>/`), if any. */
export function buildsDir(env: AppContext['env']): string | undefined {
  return env.RELEASES_BUILDS_DIR ?? (env.SITE_DIR ? join(env.SITE_DIR, 'remotes') : undefined);
}

/** Version folders of a remote in the builds folder, newest build first. */
function builtVersions(builds: string, remote: string): string[] {
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

/** Per remote: whether any revision had it, and the latest revision by someone else than start-up that changed it. */
interface Past {
  had: boolean;
  decision?: { revision: number; author: string };
}

async function pastOf(ctx: AppContext): Promise<Map<string, Past>> {
  const out = new Map<string, Past>(REMOTE_NAMES.map((n) => [n, { had: false }]));
  let before: ReleaseManifest['remotes'] = {};
  for (const row of await revisionTrail(ctx.database.db)) {
    const remotes = (JSON.parse(row.manifest) as ReleaseManifest).remotes;
    for (const name of REMOTE_NAMES) {
      const past = out.get(name) as Past;
      if (remotes[name]) past.had = true;
      const changed = JSON.stringify(remotes[name] ?? null) !== JSON.stringify(before[name] ?? null);
      if (changed && row.author !== STARTUP_ACTOR)
        past.decision = { revision: row.revision, author: row.author };
    }
    before = remotes;
  }
  return out;
}

/**
 * Publishes each remote's newest build and activates it where the rules above allow. A build
 * that fails the compatibility check is logged and left out; the others still go live.
 */
export async function syncWithBuilds(
  ctx: AppContext,
  revisions: RevisionService,
  versions: VersionService,
  activateLatest: boolean | 'force',
): Promise<void> {
  const builds = buildsDir(ctx.env);
  if (!builds || !versions.store) return;
  const current = await revisions.current();
  const past = await pastOf(ctx);
  const remotes: Remotes = { ...current.remotes };
  const changed: string[] = [];
  for (const name of REMOTE_NAMES) {
    const built = builtVersions(builds, name);
    const [latest] = built;
    if (!latest || !(await publishFromDisk(ctx, versions, builds, name, latest))) continue;
    const existing = remotes[name];
    if (existing?.version === latest) continue;
    const { had, decision } = past.get(name) as Past;
    const folderGone = existing ? !built.includes(existing.version) : true;
    const activate =
      activateLatest === 'force' || !had || (!decision && (activateLatest === true || folderGone));
    if (!activate) {
      ctx.log.info(
        { remote: name, version: latest, live: existing?.version ?? null, decision },
        decision
          ? 'release: newest build published, not activated: a release manager decided this remote'
          : 'release: newest build published, not activated (RELEASES_ACTIVATE_LATEST is off)',
      );
      continue;
    }
    const v = await versions.require(name, latest);
    const next: RemoteRelease = { version: latest, entry: v.entry, enabled: existing?.enabled ?? true };
    if (existing?.canary && existing.canary.version !== latest) next.canary = existing.canary;
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
  const reason =
    activateLatest === 'force'
      ? 'npm start: activate the newest builds (RELEASES_ACTIVATE_LATEST=force)'
      : 'npm start: activate the newest builds';
  try {
    await revisions.change(STARTUP_ACTOR, current.revision, reason, async () => ({
      action: `activate ${changed.join(', ')}`,
      remotes,
    }));
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'release: could not activate the builds');
  }
}
