/**
 * The release manifest says, for each remote, which version is live, where its entry is and
 * whether it is on. It is read at page load, and again on a navigation once it is older than a
 * bound (fresh-manifest.ts). The last manifest that loaded is kept in local storage, so a
 * manifest outage degrades to "yesterday's release", not to a dead site.
 */

import { bootData } from '@mchezo/api-client/boot';
import type { ReleaseManifest } from '@mchezo/contracts/releases';
import type { LoadedManifest } from './fresh-manifest.ts';
import { MANIFEST_URL } from './manifest-url.ts';
import { parseReleaseManifest } from './parse-release-manifest.ts';
import { REQUEST_TIMEOUT_MS } from './timeouts.ts';

const LAST_GOOD_KEY = 'mchezo:last-good-release-manifest';

function readLastGood(): ReleaseManifest | null {
  try {
    const raw = localStorage.getItem(LAST_GOOD_KEY);
    return raw ? parseReleaseManifest(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

const OVERRIDE_PARAM = 'release-override';
const OVERRIDE_KEY = 'mchezo:release-override';

/**
 * A tester's signed release override: taken from `?release-override=` once (then kept for this
 * tab and removed from the address bar), checked by the server on every manifest read.
 */
function releaseOverrideToken(): string | null {
  try {
    const url = new URL(location.href);
    const fromUrl = url.searchParams.get(OVERRIDE_PARAM);
    if (fromUrl) {
      sessionStorage.setItem(OVERRIDE_KEY, fromUrl);
      url.searchParams.delete(OVERRIDE_PARAM);
      history.replaceState(history.state, '', url);
      return fromUrl;
    }
    return sessionStorage.getItem(OVERRIDE_KEY);
  } catch {
    return null;
  }
}

export function stopReleaseOverride(): void {
  try {
    sessionStorage.removeItem(OVERRIDE_KEY);
  } finally {
    location.reload();
  }
}

let inlineUsed = false;

/** `revalidate`: the server's current manifest, never the page's copy nor the HTTP cache's. */
async function fetchManifest(revalidate = false): Promise<ReleaseManifest> {
  const override = releaseOverrideToken();
  // The page's own copy, once (a retry asks the network); a tester's override is never in it.
  if (!revalidate && !override && !inlineUsed && bootData.release) {
    inlineUsed = true;
    try {
      return keptAsLastGood(parseReleaseManifest(bootData.release));
    } catch {
      // Unreadable: ask the network.
    }
  }
  // Same URL and mode as the <link rel=preload> in index.html, so the preloaded response is used.
  const url = override ? `${MANIFEST_URL}?override=${encodeURIComponent(override)}` : MANIFEST_URL;
  const res = await fetch(url, {
    credentials: 'same-origin',
    mode: 'cors',
    // A revalidation asks the server even within the answer's max-age, with the cached copy's
    // ETag: an unchanged manifest costs a 304 of a few bytes.
    ...(revalidate ? { cache: 'no-cache' as const } : {}),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`Release manifest answered ${res.status}`);
  return keptAsLastGood(parseReleaseManifest(await res.json()));
}

function keptAsLastGood(manifest: ReleaseManifest): ReleaseManifest {
  try {
    // A tester's override is theirs for this tab: never the fallback for later visits.
    if (!manifest.override) localStorage.setItem(LAST_GOOD_KEY, JSON.stringify(manifest));
  } catch {
    // Storage full or disabled: the site still works, it just has no fallback next time.
  }
  return manifest;
}

/** The server's manifest now, for a tab whose copy is old (fresh-manifest.ts); rejects when it has none. */
export function revalidateReleaseManifest(): Promise<ReleaseManifest> {
  return fetchManifest(true);
}

export async function loadReleaseManifest(): Promise<LoadedManifest> {
  try {
    return { manifest: await fetchManifest(), source: 'network' };
  } catch (error) {
    const lastGood = readLastGood();
    if (lastGood) return { manifest: lastGood, source: 'last-good' };
    throw error;
  }
}
