/**
 * The live versions' files, checked against the hashes recorded at publish: once at start, then
 * every RELEASES_INTEGRITY_INTERVAL_SECONDS (docs/decisions/021-release-decisions-survive-restarts.md).
 * A version whose files changed or went missing is logged at error level and marked failing in
 * the database (every server sees it): the manifest browsers get leaves it out (its remote
 * disabled, or its canary dropped) until a check finds the files as published again. The
 * revisions are untouched: the release managers' decisions stay theirs.
 */
import type { ReleaseIntegrity, ReleaseManifest, RemoteName } from '@mchezo/contracts/releases';
import type { AppContext } from '../../context.js';
import { Job } from '../../lib/job-runner.js';
import { iso } from '../../lib/time.js';
import { checkFiles } from './releases.compat.js';
import type { ReleasesConfig } from './releases.config.js';
import { failingVersions, findVersion, setIntegrityFailure, type VersionRow } from './releases.repository.js';
import type { VersionService } from './versions.service.js';

const key = (remote: string, version: string) => `${remote}\0${version}`;

/**
 * The manifest players get: a remote whose active version is failing is disabled (players see
 * "Unavailable", never changed code), a failing canary is dropped (its players get the active).
 */
export function withoutFailing(manifest: ReleaseManifest, failing: VersionRow[]): ReleaseManifest {
  if (!failing.length) return manifest;
  const bad = new Set(failing.map((v) => key(v.remote, v.version)));
  const remotes: ReleaseManifest['remotes'] = {};
  for (const [name, r] of Object.entries(manifest.remotes) as [RemoteName, (typeof remotes)[RemoteName]][]) {
    if (!r) continue;
    if (bad.has(key(name, r.version))) {
      const { canary: _dropped, ...rest } = r;
      remotes[name] = { ...rest, enabled: false };
    } else if (r.canary && bad.has(key(name, r.canary.version))) {
      const { canary: _dropped, ...rest } = r;
      remotes[name] = rest;
    } else remotes[name] = r;
  }
  return { ...manifest, remotes };
}

/**
 * Every instance checks the files it serves (its version store: its own folder, or the database)
 * and reports its own `checked_at`: no lease (lib/job-runner.ts). The marks it writes are the
 * same whichever instance writes them.
 */
export class IntegrityMonitor {
  /** The checks: started and stopped by the app (app.ts), with the other jobs. */
  readonly job: Job<void>;
  private checkedAt: number | null = null;

  constructor(
    private readonly ctx: AppContext,
    /** The stored release manifest (what managers decided). */
    private readonly manifest: () => Promise<ReleaseManifest>,
    /** Where the versions' files are read from (their store). */
    private readonly versions: VersionService,
    private readonly config: ReleasesConfig,
  ) {
    const { RELEASES_INTEGRITY_INTERVAL_SECONDS: every } = config;
    this.job = new Job(ctx, {
      name: 'release-integrity',
      everyMs: versions.store ? every * 1000 : 0,
      round: () => this.check(),
    });
  }

  /** Checks now (one check at a time: a call during a check waits for it). */
  async runOnce(): Promise<ReleaseIntegrity> {
    await this.job.runOnce();
    return this.status();
  }

  async status(): Promise<ReleaseIntegrity> {
    const failing = await failingVersions(this.ctx.database.db);
    return {
      ok: failing.length === 0,
      checked_at: this.checkedAt === null ? null : iso(this.checkedAt),
      interval_seconds: this.config.RELEASES_INTEGRITY_INTERVAL_SECONDS,
      failing: failing.map((v) => ({
        remote: v.remote as RemoteName,
        version: v.version,
        since: iso(v.integrity_failed_at as number),
        problem: v.integrity_problem ?? '',
      })),
    };
  }

  /** Active and canary versions of the stored manifest, and every version marked failing. */
  private async check(): Promise<void> {
    const { ctx } = this;
    if (!this.versions.store) return;
    const db = ctx.database.db;
    const pairs = new Map<string, [string, string]>();
    for (const [name, r] of Object.entries((await this.manifest()).remotes)) {
      if (!r) continue;
      pairs.set(key(name, r.version), [name, r.version]);
      if (r.canary) pairs.set(key(name, r.canary.version), [name, r.canary.version]);
    }
    for (const v of await failingVersions(db)) pairs.set(key(v.remote, v.version), [v.remote, v.version]);
    for (const [remote, version] of pairs.values()) {
      const row = await findVersion(db, remote, version);
      if (!row) continue;
      const problems = await checkFiles(
        this.versions.reader(remote, version),
        JSON.parse(row.integrity) as Record<string, string>,
      );
      if (problems.length) {
        const problem = problems.join('; ');
        ctx.log.error(
          { remote, version, problem },
          'release integrity check failed: the version is left out of the manifest browsers get',
        );
        await setIntegrityFailure(db, remote, version, problem, ctx.clock.now());
      } else if (row.integrity_failed_at !== null) {
        ctx.log.info({ remote, version }, 'release integrity check: the files match again');
        await setIntegrityFailure(db, remote, version, null, ctx.clock.now());
      }
    }
    this.checkedAt = ctx.clock.now();
  }
}
