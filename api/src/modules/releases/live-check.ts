/**
 * The gate every way in front of players passes (activate, canary, promote, enable, a roll back,
 * a tester's override): the compatibility check (releases.compat.ts), or 422 with its reasons.
 */
import type { ReleaseManifest, RemoteName } from '@mchezo/contracts/releases';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { checkCompatibility } from './releases.compat.js';
import { setIntegrityFailure } from './releases.repository.js';
import type { VersionService } from './versions.service.js';

type Remotes = ReleaseManifest['remotes'];

/** (remote, version) pairs players can get from a manifest: enabled actives and canaries. */
function livePairs(remotes: Remotes): Set<string> {
  const out = new Set<string>();
  for (const [name, r] of Object.entries(remotes)) {
    if (!r?.enabled) continue;
    out.add(`${name}\0${r.version}`);
    if (r.canary) out.add(`${name}\0${r.canary.version}`);
  }
  return out;
}

/** Every (remote, version) a change newly puts in front of players passes the check. */
export async function checkLive(
  ctx: AppContext,
  versions: VersionService,
  before: Remotes,
  after: Remotes,
): Promise<void> {
  const was = livePairs(before);
  for (const pair of livePairs(after)) {
    if (was.has(pair)) continue;
    const [remote, version] = pair.split('\0') as [RemoteName, string];
    await checkVersion(ctx, versions, remote, version);
  }
}

/**
 * A published version may be put in front of players (live, canary, a tester's override):
 * it passes the compatibility check (releases.compat.ts), or 422 with its reasons.
 */
export async function checkVersion(
  ctx: AppContext,
  versions: VersionService,
  remote: RemoteName,
  version: string,
): Promise<void> {
  const row = await versions.require(remote, version);
  const problems = await checkCompatibility({
    read: versions.reader(remote, version),
    cdnDir: ctx.env.SITE_DIR,
    remote,
    version,
    integrity: JSON.parse(row.integrity) as Record<string, string>,
  });
  if (problems.length) {
    throw new AppError(422, `${remote} ${version} cannot go live: ${problems.join('; ')}`, {
      code: 'INCOMPATIBLE',
      issues: problems.map((message) => ({ path: `${remote}/${version}`, message })),
    });
  }
  // The files are as published again: no longer left out of the manifest browsers get.
  if (row.integrity_failed_at !== null)
    await setIntegrityFailure(ctx.database.db, remote, version, null, ctx.clock.now());
}
