/**
 * Real players' speed per version (docs/decisions/051-web-vitals-per-version.md): the LCP, INP
 * and CLS of a page view, reported once, for the remote version that rendered its page (the
 * first remote page this document shows, the one its largest paint waits for). The `web-vitals`
 * library is fetched only once the page is up and the browser idle, so it adds nothing to the
 * critical path; it reads the paints and shifts that happened before from the browser's buffer.
 * One beacon goes out when the page is hidden or left (the moment the library reports its final
 * values), with the page's load ticket like the load beacon, so only genuine page views count.
 */
import { API_BASE } from '@mchezo/api-client/client';
import type { VitalsBeacon } from '@mchezo/contracts/release-health';
import type { RemoteName } from '@mchezo/contracts/releases';
import { VITAL_MAX, type VitalMetric } from '@mchezo/contracts/web-vitals';
import type { Metric } from 'web-vitals';
import { whenIdle } from '../errors/when-idle.ts';

const VITALS_URL = `${API_BASE}/releases/health/vitals`;
/** The performance mark set once the page view's vitals are being measured. */
export const VITALS_MARK = 'mchezo:vitals-measured';

let page: { remote: RemoteName; version: string } | null = null;
const values: Partial<Record<VitalMetric, number>> = {};
let sent = false;

/** Whole milliseconds, or thousandths of CLS, within the bounds the API accepts. */
export function vitalValue(metric: Pick<Metric, 'name' | 'value'>): [VitalMetric, number] | null {
  const name = metric.name.toLowerCase();
  if (name !== 'lcp' && name !== 'inp' && name !== 'cls') return null;
  const scaled = name === 'cls' ? metric.value * 1000 : metric.value;
  if (!Number.isFinite(scaled)) return null;
  return [name, Math.min(VITAL_MAX[name], Math.max(0, Math.round(scaled)))];
}

function record(metric: Metric): void {
  const value = vitalValue(metric);
  if (value) values[value[0]] = value[1];
}

/** Sends the page view's vitals, once (nothing before a remote page rendered or any value came). */
export function flushVitals(): void {
  if (sent || !page || Object.keys(values).length === 0) return;
  sent = true;
  const body = JSON.stringify({ ...page, ...values } satisfies VitalsBeacon);
  const ok = navigator.sendBeacon?.(VITALS_URL, new Blob([body], { type: 'application/json' }));
  if (!ok)
    fetch(VITALS_URL, {
      method: 'POST',
      body,
      keepalive: true,
      headers: { 'content-type': 'application/json' },
    }).catch(() => {});
}

const onHidden = () => {
  if (document.visibilityState === 'hidden') flushVitals();
};

/**
 * Measures this page view for the remote version whose page it rendered first; later pages of
 * the same document (a tap to another route) change nothing. Called once a remote page is up.
 */
export function measureVitalsOf(remote: RemoteName, version: string): void {
  if (page) return;
  page = { remote, version };
  whenIdle(() => {
    import('web-vitals').then(
      ({ onLCP, onINP, onCLS }) => {
        onLCP(record);
        onINP(record);
        onCLS(record);
        // After the library's own listeners (capture, on window): its final values are in first.
        addEventListener('visibilitychange', onHidden);
        addEventListener('pagehide', flushVitals);
        // Observable from outside (tests, the browser's performance panel): this page view is measured.
        performance.mark(VITALS_MARK);
      },
      // Not reachable (offline, blocked): this page view is simply not measured.
      () => {},
    );
  });
}
