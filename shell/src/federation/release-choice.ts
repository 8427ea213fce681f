/**
 * Which version of a remote this player gets (docs/decisions/008-release-choice-in-the-shell.md):
 * the active one, or the canary for the share of players whose bucket for that remote falls
 * under its percentage (the bucket of the signed-in player's id, so one player gets one version
 * on every phone; of this browser's id otherwise); and the last version that worked for this
 * player, to fall back to when the chosen one fails.
 */
import { canaryBucket } from '@mchezo/contracts/canary-bucket';
import type { ReleaseManifest, RemoteName } from '@mchezo/contracts/releases';

const DEVICE_KEY = 'mchezo:device-id';
const LAST_GOOD_PREFIX = 'mchezo:last-good-version:';

export interface ChosenRelease {
  version: string;
  entry: string;
  /** How this version was chosen: the manifest's active one, its canary, or the fallback. */
  via: 'active' | 'canary' | 'last-good';
}

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/** This browser's id for canary buckets while nobody is signed in: drawn once and kept. */
export function deviceId(): string {
  const stored = storage()?.getItem(DEVICE_KEY);
  if (stored && stored.length >= 8 && stored.length <= 64) return stored;
  const id = crypto.randomUUID();
  storage()?.setItem(DEVICE_KEY, id);
  return id;
}

/** `playerId`: the signed-in player's id, or null (the browser's own id is used). */
export function chooseRelease(
  manifest: ReleaseManifest,
  remote: RemoteName,
  playerId: string | null,
): ChosenRelease | null {
  const release = manifest.remotes[remote];
  if (!release) return null;
  const canary = release.canary;
  if (canary && canaryBucket(playerId ?? deviceId(), remote) < canary.percent)
    return { version: canary.version, entry: canary.entry, via: 'canary' };
  return { version: release.version, entry: release.entry, via: 'active' };
}

/** Remembers a version that loaded and rendered for this player. */
export function rememberGoodRelease(remote: RemoteName, release: ChosenRelease): void {
  try {
    storage()?.setItem(
      `${LAST_GOOD_PREFIX}${remote}`,
      JSON.stringify({ version: release.version, entry: release.entry }),
    );
  } catch {
    // Storage full or off: no fallback next time, nothing worse.
  }
}

export function lastGoodRelease(remote: RemoteName): ChosenRelease | null {
  try {
    const raw = storage()?.getItem(`${LAST_GOOD_PREFIX}${remote}`);
    const value = raw ? (JSON.parse(raw) as { version?: unknown; entry?: unknown }) : null;
    if (typeof value?.version !== 'string' || typeof value.entry !== 'string') return null;
    return { version: value.version, entry: value.entry, via: 'last-good' };
  } catch {
    return null;
  }
}
