/**
 * The health history (GET /releases/health/history) as chart rows: one row per time bucket, one
 * field per version and figure (`loads:1.1.0`, `rate:1.1.0` in percent, `lcp:1.1.0` in ms), and
 * the canary's events as markers at the bucket they fall in.
 */
import type { CanaryEvent, HealthHistoryResponse } from '@mchezo/contracts/release-history';

export type Figure = 'loads' | 'rate' | 'lcp';
export type HealthRow = { at: string; time: string } & Record<string, string | number | null>;

export const fieldOf = (figure: Figure, version: string) => `${figure}:${version}`;

/** `HH:MM` (with the day when the range spans days), in the viewer's time zone. */
export function timeLabel(iso: string, withDay: boolean, locale: string): string {
  const options: Intl.DateTimeFormatOptions = withDay
    ? { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }
    : { hour: '2-digit', minute: '2-digit' };
  return new Intl.DateTimeFormat(locale, options).format(new Date(iso));
}

const spansDays = (h: HealthHistoryResponse) => Date.parse(h.to) - Date.parse(h.from) > 86_400_000;

export function healthRows(h: HealthHistoryResponse, locale: string): HealthRow[] {
  const first = h.versions[0]?.points ?? [];
  const withDay = spansDays(h);
  return first.map((p, i) => {
    const row: HealthRow = { at: p.at, time: timeLabel(p.at, withDay, locale) };
    for (const v of h.versions) {
      const point = v.points[i];
      row[fieldOf('loads', v.version)] = point ? point.loads + point.failures : 0;
      row[fieldOf('rate', v.version)] =
        point?.error_rate === null || point === undefined ? null : Math.round(point.error_rate * 1000) / 10;
      row[fieldOf('lcp', v.version)] = point?.lcp_p75 ?? null;
    }
    return row;
  });
}

/** An event worth a marker on the chart: not a hold (those are listed, once a minute). */
export const isMarked = (e: CanaryEvent) => !(e.kind === 'guard' && e.verdict === 'wait');

/** The row (its time label) an event falls in; null outside the range. */
export function rowOf(rows: HealthRow[], at: string): HealthRow | null {
  const t = Date.parse(at);
  let found: HealthRow | null = null;
  for (const row of rows) if (Date.parse(row.at) <= t) found = row;
  return found;
}
