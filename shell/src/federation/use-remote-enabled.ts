import type { RemoteName } from '@mchezo/contracts/releases';
import { useEffect, useState } from 'react';
import type { LoadedManifest } from './fresh-manifest.ts';
import { onReleaseManifestChange, releaseManifest } from './remote-loader.ts';

const NONE: ReadonlySet<RemoteName> = new Set();

/**
 * The remotes the release manifest has switched off: as read at page load, then as a navigation
 * finds it changed (decision 045). Unknown (still loading) counts as on, so nav items do not
 * flicker away on a normal load; a manifest that cannot load at all hides nothing either: the
 * pages themselves then say what is wrong.
 */
export function useSwitchedOffRemotes(): ReadonlySet<RemoteName> {
  const [off, setOff] = useState(NONE);
  useEffect(() => {
    let alive = true;
    const show = ({ manifest }: LoadedManifest) => {
      if (!alive) return;
      const names = (Object.keys(manifest.remotes) as RemoteName[]).filter(
        (r) => manifest.remotes[r]?.enabled === false,
      );
      // The same remotes off: the same set, so nothing re-renders.
      setOff((was) =>
        names.length === was.size && names.every((r) => was.has(r))
          ? was
          : names.length
            ? new Set(names)
            : NONE,
      );
    };
    releaseManifest().then(show, () => {});
    const stop = onReleaseManifestChange(show);
    return () => {
      alive = false;
      stop();
    };
  }, []);
  return off;
}

/** Whether the release manifest has `remote` switched on (see useSwitchedOffRemotes). */
export function useRemoteEnabled(remote: RemoteName): boolean {
  return !useSwitchedOffRemotes().has(remote);
}
