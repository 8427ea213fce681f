import { remoteRouteFor } from './app/route-table.ts';
import { prefetchRemotePage } from './federation/remote-loader.ts';

// The first page's remote starts downloading now, while the shell's own app code loads: on a
// slow network this is the longest chain of the cold load (manifest, remote entry, page).
const first = remoteRouteFor(location.pathname);
if (first) prefetchRemotePage(first.remote, first.expose);

// The async boundary lets the MF runtime negotiate shared singletons before any app code runs.
import('./bootstrap');
