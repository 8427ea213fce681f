/**
 * One remote's health over time: the per-minute figures (counted loads, counted error reports,
 * web vitals' buckets) added up per version and time bucket by the database, each bucket's p75
 * read from its vitals' buckets as GET /releases/health does (vitals.ts).
 */
import type { HealthPoint } from '@mchezo/contracts/release-history';
import { VITAL_METRICS, type VitalMetric } from '@mchezo/contracts/web-vitals';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { provenClient } from './load-proof.js';
import { p75 } from './vitals.js';

/** A range of whole minutes cut into buckets of `stepMs`: [from, from + buckets·stepMs). */
export interface Buckets {
  from: number;
  stepMs: number;
  count: number;
}

/** Bucket index of a time column: (column − from) / step, rounded down (integers on both databases). */
const bucketIndex = (column: string, b: Buckets): RawBuilder<number> =>
  sql<number>`(${sql.ref(column)} - ${sql.lit(b.from)}) / ${sql.lit(b.stepMs)}`;

const end = (b: Buckets) => b.from + b.count * b.stepMs;

/** Counted loads, failures and render errors per version and bucket (proven browsers': load-proof.ts). */
const loadsPerBucket = (db: Kysely<DB>, remote: string, b: Buckets) =>
  db
    .selectFrom('remote_load_counts')
    .where(provenClient('client'))
    .select((eb) => [
      'remote_version as version',
      bucketIndex('minute', b).as('i'),
      eb.fn.sum<number>('loads').as('loads'),
      eb.fn.sum<number>('failures').as('failures'),
      eb.fn.sum<number>('render_errors').as('render_errors'),
    ])
    .where('remote', '=', remote)
    .where('minute', '>=', b.from)
    .where('minute', '<', end(b))
    .groupBy(['remote_version', sql.ref('i')])
    .execute();

/** Counted error reports per version and bucket. */
const errorsPerBucket = (db: Kysely<DB>, remote: string, b: Buckets) =>
  db
    .selectFrom('error_events')
    .select((eb) => [
      'remote_version as version',
      bucketIndex('received_at', b).as('i'),
      eb.fn.countAll<number>().as('errors'),
    ])
    .where('remote', '=', remote)
    .where('remote_version', 'is not', null)
    .where('counted', '=', 1)
    .where(provenClient('client'))
    .where('received_at', '>=', b.from)
    .where('received_at', '<', end(b))
    .groupBy(['remote_version', sql.ref('i')])
    .execute();

/** Vitals' samples per version, bucket, metric and value bucket. */
const vitalsPerBucket = (db: Kysely<DB>, remote: string, b: Buckets) =>
  db
    .selectFrom('web_vitals')
    .select((eb) => [
      'remote_version as version',
      bucketIndex('minute', b).as('i'),
      'metric',
      'bucket',
      eb.fn.sum<number>('samples').as('samples'),
    ])
    .where('remote', '=', remote)
    .where('minute', '>=', b.from)
    .where('minute', '<', end(b))
    .groupBy(['remote_version', sql.ref('i'), 'metric', 'bucket'])
    .execute();

/** One empty point per bucket, oldest first: no loads, no errors, no vitals. */
const emptyPoints = (b: Buckets): HealthPoint[] =>
  Array.from({ length: b.count }, (_, k) => ({
    at: new Date(b.from + k * b.stepMs).toISOString(),
    loads: 0,
    failures: 0,
    render_errors: 0,
    errors: 0,
    error_rate: null,
    lcp_p75: null,
    inp_p75: null,
    cls_p75: null,
    views: 0,
  }));

/**
 * Version → one point per bucket (every bucket, oldest first), for each version with figures in
 * the range and each of `versions` (empty points when it has none).
 */
export async function healthSeries(
  db: Kysely<DB>,
  remote: string,
  b: Buckets,
  versions: readonly string[] = [],
): Promise<Map<string, HealthPoint[]>> {
  const [loads, errors, vitals] = await Promise.all([
    loadsPerBucket(db, remote, b),
    errorsPerBucket(db, remote, b),
    vitalsPerBucket(db, remote, b),
  ]);
  const series = new Map(versions.map((version) => [version, emptyPoints(b)]));
  const pointOf = (version: string | null, i: number) => {
    if (version === null || i < 0 || i >= b.count) return undefined;
    let points = series.get(version);
    if (!points) {
      points = emptyPoints(b);
      series.set(version, points);
    }
    return points[i];
  };
  for (const r of loads) {
    const p = pointOf(r.version, Number(r.i));
    if (!p) continue;
    p.loads = Number(r.loads);
    p.failures = Number(r.failures);
    p.render_errors = Number(r.render_errors);
    const attempts = p.loads + p.failures;
    p.error_rate = attempts > 0 ? Math.min(1, (p.failures + p.render_errors) / attempts) : null;
  }
  for (const r of errors) {
    const p = pointOf(r.version, Number(r.i));
    if (p) p.errors = Number(r.errors);
  }
  // Per point and metric, its value buckets: the p75 and the samples.
  const grouped = new Map<HealthPoint, Record<VitalMetric, { bucket: number; samples: number }[]>>();
  for (const r of vitals) {
    if (!(VITAL_METRICS as readonly string[]).includes(r.metric)) continue;
    const p = pointOf(r.version, Number(r.i));
    if (!p) continue;
    const g = grouped.get(p) ?? { lcp: [], inp: [], cls: [] };
    g[r.metric as VitalMetric].push({ bucket: Number(r.bucket), samples: Number(r.samples) });
    grouped.set(p, g);
  }
  for (const [p, g] of grouped) {
    const [lcp, inp, cls] = [p75(g.lcp), p75(g.inp), p75(g.cls)];
    Object.assign(p, {
      lcp_p75: lcp.p75,
      inp_p75: inp.p75,
      cls_p75: cls.p75,
      views: Math.max(lcp.samples, inp.samples, cls.samples),
    });
  }
  return series;
}
