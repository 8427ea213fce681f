/**
 * `GET /api/v1/releases/health/history` (release managers): one remote's health over time, per
 * version and time bucket, read from the per-minute figures release health keeps
 * (docs/decisions/022, 031, 051), with the canary's events in the range: plans started, each
 * change of the remote, and the canary guard's decisions with the figures it decided on
 * (the decision record "release health history" in docs/decisions/).
 */
import { z } from 'zod';
import { refusal } from './errors.ts';
import { RemoteName } from './releases.ts';

/** The longest range one request may read: release health keeps 8 days by default. */
export const HISTORY_MAX_RANGE_DAYS = 8;
/** The most time buckets one answer holds (per version). */
export const HISTORY_MAX_BUCKETS = 500;
/** The bucket width when none is asked for: the range in about this many buckets, whole minutes. */
export const HISTORY_DEFAULT_BUCKETS = 60;

const DAY_MS = 86_400_000;
const instant = z.iso.datetime({ offset: true });

export const HealthHistoryQuery = z
  .strictObject({
    remote: RemoteName,
    from: instant,
    to: instant,
    /** The bucket width in whole minutes (1 to a day); default: the range in about 60 buckets. */
    step: z.coerce.number().int().min(1).max(1440).optional(),
  })
  .refine(
    (q) => Date.parse(q.from) < Date.parse(q.to),
    refusal('to must be after from', 'INVALID_RANGE', 400),
  )
  .refine(
    (q) => Date.parse(q.to) - Date.parse(q.from) <= HISTORY_MAX_RANGE_DAYS * DAY_MS,
    refusal(`At most ${HISTORY_MAX_RANGE_DAYS} days per request`, 'INVALID_RANGE', 400),
  )
  .refine(
    (q) =>
      q.step === undefined ||
      (Date.parse(q.to) - Date.parse(q.from)) / (q.step * 60_000) <= HISTORY_MAX_BUCKETS,
    refusal(`At most ${HISTORY_MAX_BUCKETS} buckets: ask for a wider step`, 'TOO_MANY_BUCKETS', 400),
  );
export type HealthHistoryQuery = z.infer<typeof HealthHistoryQuery>;

/** One version's figures in one bucket (counted reports only, as GET /releases/health). */
export const HealthPoint = z.object({
  /** The bucket's start. */
  at: z.string(),
  loads: z.number().int(),
  failures: z.number().int(),
  render_errors: z.number().int(),
  /** Counted error reports of the version. */
  errors: z.number().int(),
  /** (failures + render errors) / attempted loads, at most 1; null: no loads in the bucket. */
  error_rate: z.number().nullable(),
  /** p75 of real players' LCP and INP (ms) and CLS (thousandths), by bucket floor; null: no samples. */
  lcp_p75: z.number().int().nullable(),
  inp_p75: z.number().int().nullable(),
  cls_p75: z.number().int().nullable(),
  /** Page views whose vitals were counted (the most samples of any one metric). */
  views: z.number().int(),
});
export type HealthPoint = z.infer<typeof HealthPoint>;

export const VersionSeries = z.object({
  version: z.string(),
  /** What the live manifest does with this version now. */
  role: z.enum(['active', 'canary', 'other']),
  /** One point per bucket, every bucket of the range, oldest first. */
  points: z.array(HealthPoint),
});
export type VersionSeries = z.infer<typeof VersionSeries>;

/** The canary guard's verdict on a step: `wait` is a hold (the step goes on). */
export const GuardVerdict = z.enum(['wait', 'advance', 'promote', 'abort']);
export type GuardVerdict = z.infer<typeof GuardVerdict>;

/** One side's figures over the step as the guard read them. */
export const GuardSide = z.object({
  version: z.string(),
  /** Attempted loads (loaded + failed). */
  attempts: z.number().int(),
  /** Failed loads and render errors, at most the attempts. */
  bad: z.number().int(),
  error_rate: z.number(),
  /** Distinct browsers whose loads were counted (proven ones: docs/decisions/060-health-counts-people.md). */
  clients: z.number().int(),
  /**
   * What the guard left out: loads, failed loads and render errors from browsers with a valid
   * ticket that never proved a page load, and how many such browsers. 0 in decisions stored before.
   */
  unproven_reports: z.number().int().default(0),
  unproven_clients: z.number().int().default(0),
  lcp_p75: z.number().int().nullable(),
  lcp_samples: z.number().int(),
  inp_p75: z.number().int().nullable(),
  inp_samples: z.number().int(),
});
export type GuardSide = z.infer<typeof GuardSide>;

/** What a guard's decision was made on. */
export const GuardFigures = z.object({
  canary: GuardSide,
  active: GuardSide,
  /** How long the step had run. */
  step_elapsed_ms: z.number().int(),
  /** Whether the speed limit was read (the plan limits LCP or INP). */
  speed_limited: z.boolean(),
});
export type GuardFigures = z.infer<typeof GuardFigures>;

const eventBase = { at: z.string(), version: z.string() };

export const CanaryEvent = z.discriminatedUnion('kind', [
  /** A guarded canary was started (its plan as asked). */
  z.object({
    kind: z.literal('plan_started'),
    ...eventBase,
    plan_id: z.string(),
    steps: z.array(z.number().int()),
    step_minutes: z.number(),
    max_error_rate_increase: z.number(),
    min_loads: z.number().int(),
    max_lcp_p75_increase_ms: z.number().int().nullable(),
    max_inp_p75_increase_ms: z.number().int().nullable(),
    by: z.string(),
  }),
  /** One of the guard's decisions, with its figures; `revision` is the change it made (none for a hold). */
  z.object({
    kind: z.literal('guard'),
    ...eventBase,
    plan_id: z.string(),
    verdict: GuardVerdict,
    /** The step's percentage when judged, and the next one for `advance`. */
    percent: z.number().int(),
    next_percent: z.number().int().nullable(),
    figures: GuardFigures,
    text: z.string(),
    revision: z.number().int().nullable(),
  }),
  /** A revision that changed this remote's entry (a person's or the guard's). */
  z.object({
    kind: z.literal('change'),
    ...eventBase,
    revision: z.number().int(),
    action: z.string(),
    author: z.string(),
    reason: z.string(),
    /** The canary's percentage after the change; null: no canary. */
    canary_percent: z.number().int().nullable(),
    canary_version: z.string().nullable(),
    enabled: z.boolean(),
  }),
]);
export type CanaryEvent = z.infer<typeof CanaryEvent>;

export const HealthHistoryResponse = z.object({
  remote: RemoteName,
  /** The range as read: `from` down to its minute, `to` the end of the last bucket. */
  from: z.string(),
  to: z.string(),
  step_minutes: z.number().int(),
  /** The live versions first, then every version with figures in the range. */
  versions: z.array(VersionSeries),
  /** Oldest first. */
  events: z.array(CanaryEvent),
});
export type HealthHistoryResponse = z.infer<typeof HealthHistoryResponse>;
