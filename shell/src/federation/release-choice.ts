/**
 * Which version of a remote this player gets (docs/decisions/008-release-choice-in-the-shell.md):
 * the active one, or the canary for the share of players whose sticky bucket falls under its
 * percentage; and the last version that worked for this player, to fall back to when the chosen
 * one fails.
 */
import type { ReleaseManifest, RemoteName } from '@mchezo/contracts/releases';

const BUCKET_KEY = 'mchezo:release-bucket';
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

/** The player's bucket, 0–99, drawn once and kept: the same player keeps the same version. */
export function releaseBucket(): number {
  const stored = Number(storage()?.getItem(BUCKET_KEY));
  if (Number.isInteger(stored) && stored >= 0 && stored < 100 && storage()?.getItem(BUCKET_KEY) !== null)
    return stored;
  const bucket = crypto.getRandomValues(new Uint32Array(1))[0]! % 100;
  storage()?.setItem(BUCKET_KEY, String(bucket));
  return bucket;
}

export function chooseRelease(
  manifest: ReleaseManifest,
  remote: RemoteName,
  bucket = releaseBucket(),
): ChosenRelease | null {
  const release = manifest.remotes[remote];
  if (!release) return null;
  const canary = release.canary;
  if (canary && bucket < canary.percent)
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
