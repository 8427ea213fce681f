/**
 * What release managers read of release health (GET /releases/health): each version's counted
 * loads, failures, render errors, error reports, browsers and web vitals since a minute, the live
 * versions always listed, and what was not counted and why (docs/decisions/031-release-health-tickets.md,
 * 060-health-counts-people.md).
 */
import type { ReleaseHealthResponse, UncountedReason, VersionHealth } from '@mchezo/contracts/release-health';
import { REMOTE_NAMES, type ReleaseManifest, type RemoteName } from '@mchezo/contracts/releases';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { countedErrorsSince } from './error-events.repository.js';
import { countedSince, uncountedSince, unprovenSince } from './load-counts.repository.js';
import { noVitals, summarize, vitalsSince } from './vitals.js';

const isRemoteName = (v: string | null): v is RemoteName =>
  (REMOTE_NAMES as readonly (string | null)[]).includes(v);

/** (failed loads + render errors) / attempted loads, at most 1; null: no loads. */
export function errorRate(c: { loads: number; failures: number; render_errors: number }): number | null {
  const attempts = c.loads + c.failures;
  return attempts > 0 ? Math.min(1, (c.failures + c.render_errors) / attempts) : null;
}

/** The figures per version since `since` (a minute's start) and what was not counted, against the live `manifest`. */
export async function healthReport(
  db: Kysely<DB>,
  since: number,
  manifest: () => Promise<ReleaseManifest>,
): Promise<Pick<ReleaseHealthResponse, 'versions' | 'uncounted'>> {
  const [counted, errors, uncounted, unproven, vitals, live] = await Promise.all([
    countedSince(db, since),
    countedErrorsSince(db, since),
    uncountedSince(db, since),
    unprovenSince(db, since),
    vitalsSince(db, since).then(summarize),
    manifest(),
  ]);
  const byKey = new Map<string, VersionHealth>();
  const entry = (remote: RemoteName, version: string): VersionHealth => {
    const key = `${remote}\n${version}`;
    const known = byKey.get(key);
    if (known) return known;
    const current = live.remotes[remote];
    const role =
      current?.version === version ? 'active' : current?.canary?.version === version ? 'canary' : 'other';
    const row: VersionHealth = {
      remote,
      version,
      role,
      loads: 0,
      failures: 0,
      render_errors: 0,
      errors: 0,
      clients: 0,
      error_rate: null,
      vitals: vitals.get(key) ?? noVitals(),
    };
    byKey.set(key, row);
    return row;
  };
  for (const remote of REMOTE_NAMES) {
    const current = live.remotes[remote];
    if (!current) continue;
    entry(remote, current.version);
    if (current.canary) entry(remote, current.canary.version);
  }
  for (const c of counted) {
    if (!isRemoteName(c.remote)) continue;
    Object.assign(entry(c.remote, c.remote_version), {
      loads: Number(c.loads),
      failures: Number(c.failures),
      render_errors: Number(c.render_errors),
      clients: Number(c.clients),
    });
  }
  for (const e of errors) {
    if (isRemoteName(e.remote) && e.remote_version)
      entry(e.remote, e.remote_version).errors = Number(e.errors);
  }
  const versions = [...byKey.values()];
  for (const v of versions) v.error_rate = errorRate(v);
  const order = { active: 0, canary: 1, other: 2 } as const;
  versions.sort((a, b) => a.remote.localeCompare(b.remote) || order[a.role] - order[b.role]);
  // Valid tickets' reports from browsers that never proved a page load: one row per remote.
  const unprovenByRemote = new Map<RemoteName, { loads: number; failures: number; render_errors: number }>();
  for (const u of unproven) {
    if (!isRemoteName(u.remote)) continue;
    const row = unprovenByRemote.get(u.remote) ?? { loads: 0, failures: 0, render_errors: 0 };
    row.loads += Number(u.loads);
    row.failures += Number(u.failures);
    row.render_errors += Number(u.render_errors);
    unprovenByRemote.set(u.remote, row);
  }
  return {
    versions,
    uncounted: [
      ...uncounted.flatMap((u) =>
        isRemoteName(u.remote)
          ? [
              {
                remote: u.remote,
                reason: u.reason as UncountedReason,
                loads: Number(u.loads),
                failures: Number(u.failures),
                render_errors: Number(u.render_errors),
              },
            ]
          : [],
      ),
      ...[...unprovenByRemote].map(([remote, f]) => ({ remote, reason: 'unproven' as const, ...f })),
    ].sort((a, b) => a.remote.localeCompare(b.remote) || a.reason.localeCompare(b.reason)),
  };
}
