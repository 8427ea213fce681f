/**
 * Counts, per remote version, the loads that worked and the loads that failed, and sends the
 * counts in one small batch once the page is idle (and when it is hidden or left): the figures
 * release managers see per version (docs/decisions/022-release-health.md).
 */
import { API_BASE } from '@mchezo/api-client/client';
import type { LoadBeacon } from '@mchezo/contracts/release-health';
import type { RemoteName } from '@mchezo/contracts/releases';
import { whenIdle } from '../errors/when-idle.ts';
import { proveLoad } from './load-proof.ts';

const LOAD_BEACON_URL = `${API_BASE}/releases/health/loads`;
/** Loads counted within this long go out together. */
const BATCH_MS = 5000;

type Count = LoadBeacon['loads'][number];
const counts = new Map<string, Count>();
let timer: ReturnType<typeof setTimeout> | null = null;

export function countLoad(remote: RemoteName, version: string, ok: boolean): void {
  const key = `${remote}@${version}`;
  const count = counts.get(key) ?? { remote, version, ok: 0, failed: 0 };
  if (ok) count.ok++;
  else count.failed++;
  counts.set(key, count);
  // What is counted counts once the page has proved its load (load-proof.ts); the first try, at
  // the start, may have come before the page had its ticket.
  proveLoad();
  timer ??= setTimeout(() => whenIdle(flushLoadCounts), BATCH_MS);
}

/** Sends what is counted so far (nothing when nothing is). */
export function flushLoadCounts(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (counts.size === 0) return;
  const body = JSON.stringify({ loads: [...counts.values()] } satisfies LoadBeacon);
  counts.clear();
  const sent = navigator.sendBeacon?.(LOAD_BEACON_URL, new Blob([body], { type: 'application/json' }));
  if (!sent) {
    fetch(LOAD_BEACON_URL, {
      method: 'POST',
      body,
      keepalive: true,
      headers: { 'content-type': 'application/json' },
    }).catch(() => {});
  }
}

// A page left before the batch went out still reports it.
addEventListener('pagehide', flushLoadCounts);
addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') flushLoadCounts();
});
