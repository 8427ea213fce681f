/**
 * One remote's health over time (GET /releases/health/history): release health's per-minute
 * figures per version and time bucket (the release-health module's service), and what happened
 * to the remote in the range, from what release control stores: the guarded canaries started
 * (canary_plans), each revision that changed the remote's entry (release_revisions), and the
 * guard's decisions with the figures it decided on (canary_decisions).
 */
import {
  type CanaryEvent,
  type GuardFigures,
  type HealthHistoryQuery,
  type HealthHistoryResponse,
  HISTORY_DEFAULT_BUCKETS,
  type VersionSeries,
} from '@mchezo/contracts/release-history';
import type { ReleaseManifest, RemoteName } from '@mchezo/contracts/releases';
import type { AppContext } from '../../context.js';
import { iso } from '../../lib/time.js';
import type { ReleaseHealthService } from '../release-health/release-health.service.js';
import { toCanaryPlan } from './canary-plans.js';
import { decisionsBetween, plansStartedBetween, revisionsBetween } from './health-history.repository.js';
import type { RevisionService } from './revisions.service.js';

const MINUTE = 60_000;

/** The range in whole minutes and its buckets: `from` down to its minute, as many buckets as cover `to`. */
function bucketsOf(query: Pick<HealthHistoryQuery, 'from' | 'to' | 'step'>) {
  const from = Math.floor(Date.parse(query.from) / MINUTE) * MINUTE;
  const to = Date.parse(query.to);
  const asked = (to - Date.parse(query.from)) / MINUTE;
  const stepMinutes = query.step ?? Math.max(1, Math.ceil(asked / HISTORY_DEFAULT_BUCKETS));
  const stepMs = stepMinutes * MINUTE;
  return { from, stepMs, stepMinutes, count: Math.max(1, Math.ceil((to - from) / stepMs)) };
}

type Remotes = ReleaseManifest['remotes'];

export class HealthHistory {
  constructor(
    private readonly ctx: AppContext,
    private readonly health: ReleaseHealthService,
    private readonly revisions: RevisionService,
  ) {}

  async read(query: HealthHistoryQuery): Promise<HealthHistoryResponse> {
    const db = this.ctx.database.db;
    const remote = query.remote;
    const b = bucketsOf(query);
    const end = b.from + b.count * b.stepMs;
    const live = (await this.revisions.current()).remotes[remote];
    // The live versions come first and have a series even without figures; then the others.
    const liveVersions = [...new Set([live?.version, live?.canary?.version])].filter((v) => v !== undefined);
    const [series, plans, decisions, revisions] = await Promise.all([
      this.health.healthSeries(remote, { from: b.from, stepMs: b.stepMs, count: b.count }, liveVersions),
      plansStartedBetween(db, remote, b.from, end),
      decisionsBetween(db, remote, b.from, end),
      revisionsBetween(db, b.from, end),
    ]);
    const roleOf = (version: string): VersionSeries['role'] =>
      live?.version === version ? 'active' : live?.canary?.version === version ? 'canary' : 'other';
    const rank = (version: string) =>
      liveVersions.includes(version) ? liveVersions.indexOf(version) : liveVersions.length;
    const versions = [...series]
      .sort(([x], [y]) => rank(x) - rank(y) || (x < y ? -1 : 1))
      .map(([version, points]) => ({ version, role: roleOf(version), points }));

    const events: CanaryEvent[] = [];
    for (const row of plans) {
      const plan = toCanaryPlan(row);
      events.push({
        kind: 'plan_started',
        at: plan.created_at,
        version: plan.version,
        plan_id: plan.id,
        steps: plan.steps,
        step_minutes: plan.step_minutes,
        max_error_rate_increase: plan.max_error_rate_increase,
        min_loads: plan.min_loads,
        max_lcp_p75_increase_ms: plan.max_lcp_p75_increase_ms,
        max_inp_p75_increase_ms: plan.max_inp_p75_increase_ms,
        by: plan.created_by,
      });
    }
    const decided = new Set<number>();
    for (const d of decisions) {
      if (d.revision !== null) decided.add(d.revision);
      events.push({
        kind: 'guard',
        at: iso(d.at),
        version: d.version,
        plan_id: d.plan_id,
        verdict: d.verdict,
        percent: d.percent,
        next_percent: d.next_percent,
        figures: JSON.parse(d.figures) as GuardFigures,
        text: d.text,
        revision: d.revision,
      });
    }
    events.push(...changesOf(remote, revisions, b.from, decided));
    // Oldest first; at the same instant a revision before the plan it carries, then the guard.
    const order = { change: 0, plan_started: 1, guard: 2 } as const;
    events.sort((x, y) => x.at.localeCompare(y.at) || order[x.kind] - order[y.kind]);
    return {
      remote,
      from: iso(b.from),
      to: iso(end),
      step_minutes: b.stepMinutes,
      versions,
      events,
    };
  }
}

/**
 * Revisions from `from` on that changed the remote's entry (a guard's move with a stored decision
 * is that decision's event already).
 */
function changesOf(
  remote: RemoteName,
  rows: Awaited<ReturnType<typeof revisionsBetween>>,
  from: number,
  decided: Set<number>,
): CanaryEvent[] {
  const out: CanaryEvent[] = [];
  let before: Remotes[RemoteName] | undefined;
  for (const row of rows) {
    const entry = (JSON.parse(row.manifest) as ReleaseManifest).remotes[remote];
    const changed = JSON.stringify(entry ?? null) !== JSON.stringify(before ?? null);
    before = entry;
    if (row.created_at < from || !changed || decided.has(row.revision) || !entry) continue;
    out.push({
      kind: 'change',
      at: iso(row.created_at),
      version: entry.version,
      revision: row.revision,
      action: row.action,
      author: row.author,
      reason: row.reason,
      canary_percent: entry.canary?.percent ?? null,
      canary_version: entry.canary?.version ?? null,
      enabled: entry.enabled,
    });
  }
  return out;
}
