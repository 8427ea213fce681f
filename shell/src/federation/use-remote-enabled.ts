import type { RemoteName } from '@mchezo/contracts/releases';
import { useEffect, useState } from 'react';
import { releaseManifest } from './remote-loader.ts';

/**
 * Whether the release manifest has `remote` switched on. Unknown (still loading) counts as on,
 * so nav items do not flicker away on a normal load; a manifest that cannot load at all hides
 * nothing either: the pages themselves then say what is wrong.
 */
export function useRemoteEnabled(remote: RemoteName): boolean {
  const [enabled, setEnabled] = useState(true);
  useEffect(() => {
    let alive = true;
    releaseManifest().then(
      ({ manifest }) => alive && setEnabled(manifest.remotes[remote]?.enabled !== false),
      () => {},
    );
    return () => {
      alive = false;
    };
  }, [remote]);
  return enabled;
}
