/**
 * Starts the first page's remote before the app renders: on a slow network the chain release
 * manifest → remote entry → page is the longest of the cold load. Imported first by index.ts.
 */
import { remoteRouteFor } from '../app/route-table.ts';
import { prefetchRemotePage } from './remote-loader.ts';

const first = remoteRouteFor(location.pathname);
if (first) prefetchRemotePage(first.remote, first.expose);
