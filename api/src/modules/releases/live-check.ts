/**
 * The gate every way in front of players passes (activate, canary, promote, enable, a roll back,
 * a tester's override): a retired version is refused (409 VERSION_RETIRED,
 * docs/decisions/058-retiring-versions.md), then the compatibility check (releases.compat.ts), or
 * 422 with its reasons.
 */
import type { ReleaseManifest, RemoteName } from '@mchezo/contracts/releases';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { refuse } from '../../lib/errors.js';
import { checkCompatibility } from './releases.compat.js';
import type { ReleasesConfig } from './releases.config.js';
import { lockVersion, setIntegrityFailure } from './releases.repository.js';
import { versionRetired } from './version-refusals.js';
import type { VersionService } from './versions.service.js';

type Remotes = ReleaseManifest['remotes'];
/** The built site a version's shell-side files are checked against (releases.compat.ts). */
type LiveCheckConfig = Pick<ReleasesConfig, 'SITE_DIR'>;

/**
 * (remote, version) pairs a manifest names, actives and canaries: only the enabled ones (what
 * players can get), or all of them.
 */
function pairs(remotes: Remotes, enabledOnly: boolean): Set<string> {
  const out = new Set<string>();
  for (const [name, r] of Object.entries(remotes)) {
    if (!r || (enabledOnly && !r.enabled)) continue;
    out.add(`${name}\0${r.version}`);
    if (r.canary) out.add(`${name}\0${r.canary.version}`);
  }
  return out;
}

/** The pairs `after` names (enabled or not) that `before` did not. */
export function newlyNamed(before: Remotes, after: Remotes): [RemoteName, string][] {
  const was = pairs(before, false);
  return [...pairs(after, false)]
    .filter((pair) => !was.has(pair))
    .map((pair) => pair.split('\0') as [RemoteName, string]);
}

/**
 * Every (remote, version) a change newly puts in front of players passes the check; one the
 * manifest newly names while disabled is at least not retired (enabling it later passes the check).
 * One look-up of each version.
 */
export async function checkLive(
  ctx: AppContext,
  config: LiveCheckConfig,
  versions: VersionService,
  before: Remotes,
  after: Remotes,
): Promise<void> {
  const [wasNamed, wasLive, live] = [pairs(before, false), pairs(before, true), pairs(after, true)];
  for (const pair of pairs(after, false)) {
    const [remote, version] = pair.split('\0') as [RemoteName, string];
    if (live.has(pair) && !wasLive.has(pair)) await checkVersion(ctx, config, versions, remote, version);
    else if (!wasNamed.has(pair)) {
      const row = await versions.find(remote, version);
      if (row?.retired_at != null) throw versionRetired(remote, version, row);
    }
  }
}

/**
 * In the change's write transaction, just before its revision is written: the versions it newly
 * names are still not retired, and stay so until it commits (their rows' locks; a retire takes the
 * same lock, and looks at the manifest only once it holds it).
 */
export async function holdNotRetired(trx: Kysely<DB>, before: Remotes, after: Remotes): Promise<void> {
  for (const [remote, version] of newlyNamed(before, after)) {
    const row = await lockVersion(trx, remote, version);
    if (row?.retired_at != null) throw versionRetired(remote, version, row);
  }
}

/**
 * A published version may be put in front of players (live, canary, a tester's override): it is
 * not retired, and it passes the compatibility check (releases.compat.ts), or 422 with its reasons.
 */
export async function checkVersion(
  ctx: AppContext,
  config: LiveCheckConfig,
  versions: VersionService,
  remote: RemoteName,
  version: string,
): Promise<void> {
  const row = await versions.require(remote, version);
  if (row.retired_at !== null) throw versionRetired(remote, version, row);
  const problems = await checkCompatibility({
    read: versions.reader(remote, version),
    cdnDir: config.SITE_DIR,
    remote,
    version,
    integrity: JSON.parse(row.integrity) as Record<string, string>,
  });
  if (problems.length) {
    // Retired while its files were being read (they went with it): say that, not what is missing.
    const now = await versions.find(remote, version);
    if (now?.retired_at != null) throw versionRetired(remote, version, now);
    throw refuse('INCOMPATIBLE', `${remote} ${version} cannot go live: ${problems.join('; ')}`, {
      issues: problems.map((message) => ({ path: `${remote}/${version}`, message })),
    });
  }
  // The files are as published again: no longer left out of the manifest browsers get.
  if (row.integrity_failed_at !== null)
    await setIntegrityFailure(ctx.database.db, remote, version, null, ctx.clock.now());
}
