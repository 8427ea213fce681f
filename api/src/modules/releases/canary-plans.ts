/**
 * The canary guard's rules (docs/decisions/023-canary-guard.md), free of I/O: a plan's row from
 * the request, the plan as the API shows it, and the verdict on a step's figures.
 */
import type { VersionVitals } from '@mchezo/contracts/release-health';
import type { CanaryPlan, CanaryPlanRequest, ReleaseManifest, RemoteName } from '@mchezo/contracts/releases';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { iso } from '../../lib/time.js';
import { errorRate, type VersionCounts } from '../release-health/release-health.service.js';
import type { FloorLimits } from './canary-floors.js';
import type { PlanRow } from './canary-plans.repository.js';
import type { RevisionRow } from './releases.repository.js';

/** How a change meets the canary guard's plans (canary-guard.service.ts). */
export interface ChangeOptions {
  /** The guard's own plan, which its own change does not end. */
  keepPlan?: string;
  /** Remotes the change concerns even when their entry stays as it was (a new plan on the same canary). */
  touches?: RemoteName[];
  /** Runs in the revision's transaction, after the revision is written. */
  inTx?: (trx: Kysely<DB>, row: RevisionRow) => Promise<void>;
}

/** Remotes whose entry differs between two manifests. */
export const changedRemotes = (before: ReleaseManifest['remotes'], after: ReleaseManifest['remotes']) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (name) =>
      JSON.stringify(before[name as RemoteName] ?? null) !==
      JSON.stringify(after[name as RemoteName] ?? null),
  );

/**
 * Versions → loads, failed loads and render errors already counted in a step's first minute when
 * it started (render errors only in plans started since they are counted per minute: 0 if absent).
 */
export type Baseline = Record<string, { loads: number; failures: number; render_errors?: number }>;

export function newPlanRow(
  fields: { id: string; remote: RemoteName; version: string; percent: number; actor: string; now: number },
  plan: CanaryPlanRequest,
  baseline: Baseline,
): PlanRow {
  return {
    id: fields.id,
    remote: fields.remote,
    version: fields.version,
    steps: JSON.stringify([fields.percent, ...plan.ramp]),
    step: 0,
    step_ms: Math.round(plan.step_minutes * 60) * 1000,
    max_increase_bp: Math.round(plan.max_error_rate_increase * 10_000),
    min_loads: plan.min_loads,
    max_lcp_increase_ms: plan.max_lcp_p75_increase_ms ?? null,
    max_inp_increase_ms: plan.max_inp_p75_increase_ms ?? null,
    min_vitals_samples: plan.min_vitals_samples,
    status: 'running',
    step_started_at: fields.now,
    baseline: JSON.stringify(baseline),
    created_by: fields.actor,
    created_at: fields.now,
    last_check: null,
    last_check_at: null,
    ended_at: null,
    end_reason: null,
  };
}

const stepsOf = (row: PlanRow) => JSON.parse(row.steps) as number[];

export function toCanaryPlan(row: PlanRow): CanaryPlan {
  return {
    id: row.id,
    remote: row.remote as RemoteName,
    version: row.version,
    steps: stepsOf(row),
    step: row.step,
    step_minutes: row.step_ms / 60_000,
    max_error_rate_increase: row.max_increase_bp / 10_000,
    min_loads: row.min_loads,
    max_lcp_p75_increase_ms: row.max_lcp_increase_ms,
    max_inp_p75_increase_ms: row.max_inp_increase_ms,
    min_vitals_samples: row.min_vitals_samples,
    status: row.status,
    step_started_at: iso(row.step_started_at),
    step_due_at: iso(row.step_started_at + row.step_ms),
    created_by: row.created_by,
    created_at: iso(row.created_at),
    last_check: row.last_check,
    last_check_at: row.last_check_at === null ? null : iso(row.last_check_at),
    ended_at: row.ended_at === null ? null : iso(row.ended_at),
    end_reason: row.end_reason,
  };
}

/**
 * A step's figures less what its first minute had counted before it started. Distinct browsers
 * cannot be taken apart so: they are those of the whole first minute on.
 */
export function sinceStepStart(
  counts: VersionCounts | undefined,
  before: Baseline[string] | undefined,
): VersionCounts {
  const c = counts ?? { loads: 0, failures: 0, render_errors: 0, clients: 0 };
  return {
    loads: Math.max(0, c.loads - (before?.loads ?? 0)),
    failures: Math.max(0, c.failures - (before?.failures ?? 0)),
    render_errors: Math.max(0, c.render_errors - (before?.render_errors ?? 0)),
    clients: c.clients,
  };
}

type Verdict =
  /** Nothing to do yet; `text` says what the guard waits for. */
  | { kind: 'wait'; text: string }
  | { kind: 'abort'; text: string }
  | { kind: 'advance'; percent: number; text: string }
  | { kind: 'promote'; text: string };

const percent = (rate: number) => `${Number((rate * 100).toFixed(1))}%`;
const duration = (ms: number) =>
  ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Number((ms / 60_000).toFixed(1))} min`;
/** Floating-point slack, so a rate exactly at the threshold counts as within it. */
const EPSILON = 1e-9;

/** Step vitals of the canary and the active version, for the speed limit. */
export interface StepVitals {
  canary: VersionVitals;
  active: VersionVitals;
}

/**
 * The speed limit's reading of a step (docs/decisions/051-web-vitals-per-version.md): per limited
 * metric, `slow` when both sides have `min_vitals_samples` and the canary's p75 exceeds the
 * active's by more than the plan allows; `short` when a side has fewer samples (the step waits).
 */
export function speedCheck(
  row: Pick<PlanRow, 'max_lcp_increase_ms' | 'max_inp_increase_ms' | 'min_vitals_samples'>,
  vitals: StepVitals,
): { slow: string[]; short: string[]; figures: string[] } {
  const out = { slow: [] as string[], short: [] as string[], figures: [] as string[] };
  const limits = [
    ['lcp', 'LCP', row.max_lcp_increase_ms],
    ['inp', 'INP', row.max_inp_increase_ms],
  ] as const;
  for (const [metric, label, limit] of limits) {
    if (limit === null) continue;
    const c = vitals.canary[metric];
    const a = vitals.active[metric];
    const ms = (s: typeof c) => (s.p75 === null ? '–' : `${s.p75} ms`);
    const text = `p75 ${label} ${ms(c)} (${c.samples}) vs ${ms(a)} (${a.samples}), at most +${limit} ms`;
    out.figures.push(text);
    if (
      c.samples < row.min_vitals_samples ||
      a.samples < row.min_vitals_samples ||
      c.p75 === null ||
      a.p75 === null
    )
      out.short.push(`${row.min_vitals_samples} ${label} samples each side`);
    else if (c.p75 - a.p75 > limit) out.slow.push(label);
  }
  return out;
}

/**
 * The verdict on the current step: abort as soon as the canary (with its minimum of loads, from
 * as many distinct browsers) is worse than the active version by more than the threshold; once
 * the step's time is up and the canary has its loads and is not worse, the next step, or promote
 * after the last. An active version without loads in the step counts as 0%.
 */
export function judge(
  row: PlanRow,
  canary: VersionCounts,
  active: VersionCounts,
  now: number,
  vitals?: StepVitals,
  /**
   * The remote's floors in force now (canary-floors.ts): the plan is held to whichever is
   * stricter, its own figures or these, so floors raised after it started hold it back too.
   */
  floor?: FloorLimits,
): Verdict {
  const minLoads = Math.max(row.min_loads, floor?.min_loads ?? 0);
  const minBrowsers = Math.max(row.min_loads, floor?.min_browsers ?? 0);
  const maxIncreaseBp = Math.min(row.max_increase_bp, floor?.max_increase_bp ?? row.max_increase_bp);
  const stepMs = Math.max(row.step_ms, floor?.step_ms ?? 0);
  const attempts = canary.loads + canary.failures;
  const activeAttempts = active.loads + active.failures;
  const canaryRate = errorRate(canary) ?? 0;
  const activeRate = errorRate(active) ?? 0;
  const bad = (c: VersionCounts, n: number) => Math.min(n, c.failures + c.render_errors);
  const speed = vitals
    ? speedCheck(row, vitals)
    : { slow: [] as string[], short: [] as string[], figures: [] as string[] };
  const figures =
    `canary ${row.version} error rate ${percent(canaryRate)} (${bad(canary, attempts)}/${attempts} loads)` +
    ` vs active ${percent(activeRate)} (${bad(active, activeAttempts)}/${activeAttempts})` +
    speed.figures.map((f) => `; ${f}`).join('') +
    ` over ${duration(now - row.step_started_at)}`;
  const steps = stepsOf(row);
  const current = steps[row.step] ?? 0;
  if (attempts < minLoads)
    return { kind: 'wait', text: `${figures}: waiting for ${minLoads} canary loads at ${current}%` };
  // One browser is never many loads (docs/decisions/031-release-health-tickets.md).
  if (canary.clients < minBrowsers)
    return {
      kind: 'wait',
      text: `${figures}: waiting for loads from ${minBrowsers} browsers (${canary.clients} so far) at ${current}%`,
    };
  if (canaryRate - activeRate > maxIncreaseBp / 10_000 + EPSILON)
    return { kind: 'abort', text: `${figures}: aborted` };
  // The speed limit, once both sides have their samples: slower than allowed aborts at once.
  if (speed.slow.length > 0)
    return { kind: 'abort', text: `${figures}: aborted, ${speed.slow.join(' and ')} too slow` };
  if (speed.short.length > 0)
    return { kind: 'wait', text: `${figures}: waiting for ${speed.short.join(' and ')} at ${current}%` };
  if (now < row.step_started_at + stepMs)
    return { kind: 'wait', text: `${figures}: healthy at ${current}%, next step when the step's time is up` };
  const next = steps[row.step + 1];
  if (next !== undefined)
    return { kind: 'advance', percent: next, text: `${figures}: ${current}% -> ${next}%` };
  // Fewer steps than the floors ask (raised since the plan started): held; a person decides.
  if (floor && row.step + 1 < floor.min_steps)
    return {
      kind: 'wait',
      text: `${figures}: healthy at ${current}%, not promoted: the floors ask for ${floor.min_steps} steps and this plan has ${steps.length}; a release manager promotes or aborts`,
    };
  return { kind: 'promote', text: `${figures}: promoted` };
}
