import type { RemoteName } from '@mchezo/contracts/releases';
import { useEffect, useState } from 'react';
import { releaseManifest } from './remote-loader.ts';

const NONE: ReadonlySet<RemoteName> = new Set();

/**
 * The remotes the release manifest has switched off. Unknown (still loading) counts as on, so
 * nav items do not flicker away on a normal load; a manifest that cannot load at all hides
 * nothing either: the pages themselves then say what is wrong.
 */
export function useSwitchedOffRemotes(): ReadonlySet<RemoteName> {
  const [off, setOff] = useState(NONE);
  useEffect(() => {
    let alive = true;
    releaseManifest().then(
      ({ manifest }) => {
        if (!alive) return;
        const names = (Object.keys(manifest.remotes) as RemoteName[]).filter(
          (r) => manifest.remotes[r]?.enabled === false,
        );
        if (names.length > 0) setOff(new Set(names));
      },
      () => {},
    );
    return () => {
      alive = false;
    };
  }, []);
  return off;
}

/** Whether the release manifest has `remote` switched on (see useSwitchedOffRemotes). */
export function useRemoteEnabled(remote: RemoteName): boolean {
  return !useSwitchedOffRemotes().has(remote);
}
