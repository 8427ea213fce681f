/**
 * The release manifest says, for each remote, which version is live, where its entry is and
 * whether it is on. It is read once per page load. The last manifest that loaded is kept in
 * local storage, so a manifest outage degrades to "yesterday's release", not to a dead site.
 */
import type { ReleaseManifest } from '@mchezo/contracts/releases';
import { parseReleaseManifest } from './parse-release-manifest.ts';
import { REQUEST_TIMEOUT_MS } from './timeouts.ts';

export const MANIFEST_URL = '/api/v1/releases/manifest';
const LAST_GOOD_KEY = 'mchezo:last-good-release-manifest';

export type ManifestSource = 'network' | 'last-good';

export interface LoadedManifest {
  manifest: ReleaseManifest;
  source: ManifestSource;
}

function readLastGood(): ReleaseManifest | null {
  try {
    const raw = localStorage.getItem(LAST_GOOD_KEY);
    return raw ? parseReleaseManifest(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

async function fetchManifest(): Promise<ReleaseManifest> {
  // Same URL and mode as the <link rel=preload> in index.html, so the preloaded response is used.
  const res = await fetch(MANIFEST_URL, {
    credentials: 'same-origin',
    mode: 'cors',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`Release manifest answered ${res.status}`);
  return parseReleaseManifest(await res.json());
}

export async function loadReleaseManifest(): Promise<LoadedManifest> {
  try {
    const manifest = await fetchManifest();
    try {
      localStorage.setItem(LAST_GOOD_KEY, JSON.stringify(manifest));
    } catch {
      // Storage full or disabled: the site still works, it just has no fallback next time.
    }
    return { manifest, source: 'network' };
  } catch (error) {
    const lastGood = readLastGood();
    if (lastGood) return { manifest: lastGood, source: 'last-good' };
    throw error;
  }
}
