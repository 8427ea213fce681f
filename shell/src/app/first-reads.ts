/**
 * When the app opens on a page behind sign-in, the player reads that page waits on (its
 * `reads` in the route table) start with the shell's first render, while the page's code is
 * still loading, instead of after the page has loaded and rendered: one round trip less before
 * the page shows the player's data, and no spinner that grows into a card (decision 030).
 * Called once the shell listens for an ended session: a read refused for it must be heard.
 */
import { tokenStore } from '@mchezo/api-client/token-store';
import type { QueryClientType } from '@mchezo/host/query';
import { remoteRouteFor } from './route-table.ts';

export function startFirstReads(client: QueryClientType, pathname: string): void {
  const route = remoteRouteFor(pathname);
  // No session, no read: the guard sends a guest to /login (and a pending player has no token).
  if (route?.access !== 'protected' || !route.reads || tokenStore.getAccessToken() === null) return;
  for (const read of route.reads) void read(client);
}
