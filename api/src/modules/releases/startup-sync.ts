/**
 * At boot, the release manifest catches up with the version folders built into the CDN root
 * (SITE_DIR/remotes/<remote>/<version>/): a local `npm start` deploys what it has just built.
 * Versions are published and activated through the same services as the CLI's, as one revision
 * by "npm start".
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteName, RemoteRelease } from '@mchezo/contracts/releases';
import { REMOTE_NAMES } from '@mchezo/contracts/releases-constants';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import type { Remotes, RevisionService } from './revisions.service.js';
import { integrityOfFolder, type VersionService } from './versions.service.js';

const ACTOR = 'npm start';

/** Version folders of a remote in the CDN root, newest build first. */
function builtVersions(cdnDir: string, remote: string): string[] {
  const dir = join(cdnDir, 'remotes', remote);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((v) => !v.includes('.tmp-') && existsSync(join(dir, v, 'mf-manifest.json')))
    .sort((a, b) => statSync(join(dir, b)).mtimeMs - statSync(join(dir, a)).mtimeMs);
}

/** Registers a built folder as a published version (integrity from disk), unless it is. */
async function publishFromDisk(
  versions: VersionService,
  cdnDir: string,
  remote: RemoteName,
  version: string,
): Promise<void> {
  if (await versions.find(remote, version)) return;
  const integrity = await integrityOfFolder(join(cdnDir, 'remotes', remote, version));
  try {
    await versions.publish(ACTOR, remote, { version, integrity, reason: 'built locally' });
  } catch (err) {
    if (!(err instanceof AppError && err.statusCode === 409)) throw err;
  }
}

/**
 * Points each remote at a built version: with `activateLatest` the newest build; otherwise only
 * remotes with no version yet or whose folder is gone. A build that fails the compatibility
 * check is logged and left out; the others still go live.
 */
export async function syncWithBuilds(
  ctx: AppContext,
  revisions: RevisionService,
  versions: VersionService,
  activateLatest: boolean,
): Promise<void> {
  const cdnDir = ctx.env.SITE_DIR;
  if (!cdnDir) return;
  const current = await revisions.current();
  const remotes: Remotes = { ...current.remotes };
  const changed: string[] = [];
  for (const name of REMOTE_NAMES) {
    const built = builtVersions(cdnDir, name);
    const [latest] = built;
    if (!latest) continue;
    const existing = remotes[name];
    const exists = existing ? built.includes(existing.version) : false;
    if (existing && exists && !(activateLatest && existing.version !== latest)) continue;
    await publishFromDisk(versions, cdnDir, name, latest);
    const v = await versions.find(name, latest);
    if (!v) continue;
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
  try {
    await revisions.change(ACTOR, current.revision, 'npm start: activate the newest builds', async () => ({
      action: `activate ${changed.join(', ')}`,
      remotes,
    }));
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'release: could not activate the builds');
  }
}
