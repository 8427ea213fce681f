/**
 * Real players' speed per version (docs/decisions/051-web-vitals-per-version.md). The shell sends
 * one beacon a page view with the LCP, INP and CLS of the page a remote version rendered; it
 * counts under the load tickets' rules (docs/decisions/031-release-health-tickets.md): only with
 * the page's ticket naming that version, sent by the browser it was given to, once per ticket and
 * version, and at most LOAD_WEIGHT_PER_CLIENT_PER_MINUTE page views a browser a minute. A counted
 * value adds one to a fixed bucket of its version, minute and metric; p75 is read from the buckets.
 */
import {
  type UncountedReason,
  type VersionVitals,
  VITAL_MAX,
  VITAL_METRICS,
  type VitalMetric,
  type VitalsBeacon,
} from '@mchezo/contracts/release-health';
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { countInWindow } from '../../lib/window-counter.js';
import { firstUses } from './load-counts.repository.js';
import { isProven } from './load-proof.js';
import { refusalOf, type TicketCheck } from './load-ticket.service.js';
import type { ReleaseHealthConfig } from './release-health.config.js';

const MINUTE = 60_000;
/** The `rate_limits` keys of counted vitals beacons per browser a minute (pruned with release health). */
export const VITALS_PER_CLIENT = 'vitals:client:';

/**
 * Bucket widths, finest where the thresholds that matter are (LCP 2.5 s, INP 200 ms, CLS 0.1):
 * `[below, step]`, the first that holds. At most 281 buckets for LCP and INP, 117 for CLS.
 */
const STEPS: Record<VitalMetric, [number, number][]> = {
  lcp: [
    [1_000, 10],
    [5_000, 50],
    [20_000, 250],
    [Number.POSITIVE_INFINITY, 1_000],
  ],
  inp: [
    [1_000, 10],
    [5_000, 50],
    [20_000, 250],
    [Number.POSITIVE_INFINITY, 1_000],
  ],
  cls: [
    [250, 5],
    [1_000, 25],
    [Number.POSITIVE_INFINITY, 250],
  ],
};

/** The lower bound of the bucket `value` falls in (an integer within the metric's bounds). */
export function bucketOf(metric: VitalMetric, value: number): number {
  const v = Math.min(Math.max(0, Math.trunc(value)), VITAL_MAX[metric]);
  const step = STEPS[metric].find(([below]) => v < below)?.[1] ?? 1;
  return v - (v % step);
}

/**
 * The 75th percentile by nearest rank (the value at rank ⌈0.75·n⌉) of bucketed samples, as its
 * bucket's lower bound: at most one bucket's width below the exact value. Null: no samples.
 */
export function p75(buckets: { bucket: number; samples: number }[]): { p75: number | null; samples: number } {
  const sorted = buckets.filter((b) => b.samples > 0).sort((a, b) => a.bucket - b.bucket);
  const n = sorted.reduce((sum, b) => sum + b.samples, 0);
  if (n === 0) return { p75: null, samples: 0 };
  const rank = Math.ceil(0.75 * n);
  let seen = 0;
  for (const b of sorted) {
    seen += b.samples;
    if (seen >= rank) return { p75: b.bucket, samples: n };
  }
  return { p75: sorted[sorted.length - 1]?.bucket ?? null, samples: n };
}

export const noVitals = (): VersionVitals => ({
  lcp: { p75: null, samples: 0 },
  inp: { p75: null, samples: 0 },
  cls: { p75: null, samples: 0 },
});

/** Bucket counts per version and metric since `since` (a minute's start), summed over the minutes. */
export const vitalsSince = (db: Kysely<DB>, since: number, remote?: string) => {
  let query = db
    .selectFrom('web_vitals')
    .select((eb) => [
      'remote',
      'remote_version',
      'metric',
      'bucket',
      eb.fn.sum<number>('samples').as('samples'),
    ])
    .where('minute', '>=', since);
  if (remote) query = query.where('remote', '=', remote);
  return query.groupBy(['remote', 'remote_version', 'metric', 'bucket']).execute();
};

/** `remote\nversion` → its vitals, from `vitalsSince`'s rows. */
export function summarize(rows: Awaited<ReturnType<typeof vitalsSince>>): Map<string, VersionVitals> {
  const grouped = new Map<string, Record<VitalMetric, { bucket: number; samples: number }[]>>();
  for (const r of rows) {
    if (!(VITAL_METRICS as readonly string[]).includes(r.metric)) continue;
    const key = `${r.remote}\n${r.remote_version}`;
    const g = grouped.get(key) ?? { lcp: [], inp: [], cls: [] };
    g[r.metric as VitalMetric].push({ bucket: Number(r.bucket), samples: Number(r.samples) });
    grouped.set(key, g);
  }
  return new Map(
    [...grouped].map(([key, g]) => [key, { lcp: p75(g.lcp), inp: p75(g.inp), cls: p75(g.cls) }]),
  );
}

/** Counted, or why not: the ticket's reasons, the browser never proved a page load, or its minute is full. */
export type VitalsOutcome = 'counted' | 'flood' | UncountedReason;

export class VitalsRecorder {
  constructor(
    private readonly ctx: AppContext,
    private readonly config: ReleaseHealthConfig,
  ) {}

  /** Counts one page view's vitals if its ticket allows; answers whether it did, or why not. */
  async record(check: TicketCheck, beacon: VitalsBeacon): Promise<VitalsOutcome> {
    const { clock, database } = this.ctx;
    const env = this.config;
    const now = clock.now();
    const refusal = refusalOf(check, beacon.remote, beacon.version);
    if (refusal) return refusal;
    if (!check.ok) return 'invalid_ticket';
    const { ticket } = check;
    // Vitals are kept per bucket, not per browser, so they cannot be left out later: a browser
    // that has not proved a page load yet (load-proof.ts) is refused now.
    if (!(await isProven(database.db, ticket.client))) return 'unproven';
    const minute = Math.floor(now / MINUTE) * MINUTE;
    return database.db.transaction().execute(async (trx) => {
      const used = await firstUses(trx, [
        {
          ticket: ticket.id,
          remote: beacon.remote,
          remote_version: beacon.version,
          outcome: 'vitals',
          expires_at: ticket.exp,
        },
      ]);
      if (used.length === 0) return 'replayed';
      const { count } = await countInWindow(trx, `${VITALS_PER_CLIENT}${ticket.client}`, MINUTE, now);
      if (count > env.LOAD_WEIGHT_PER_CLIENT_PER_MINUTE) return 'flood';
      const rows = VITAL_METRICS.flatMap((metric) => {
        const value = beacon[metric];
        return value === undefined
          ? []
          : [
              {
                remote: beacon.remote,
                remote_version: beacon.version,
                minute,
                metric,
                bucket: bucketOf(metric, value),
                samples: 1,
              },
            ];
      });
      await trx
        .insertInto('web_vitals')
        .values(rows)
        .onConflict((oc) =>
          oc
            .columns(['remote', 'remote_version', 'minute', 'metric', 'bucket'])
            .doUpdateSet({ samples: sql<number>`web_vitals.samples + 1` }),
        )
        .execute();
      return 'counted';
    });
  }
}
