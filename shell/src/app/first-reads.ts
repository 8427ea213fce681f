/**
 * When the app opens on a page behind sign-in, the player reads that page waits on (its
 * `reads` in the route table) start with the shell's first render, while the page's code is
 * still loading, instead of after the page has loaded and rendered: one round trip less before
 * the page shows the player's data (decision 030). The page's slot keeps the HTML first screen
 * until they have settled (`firstReadsSettled`), so the page's first render has the player's
 * data and nothing grows into place after it.
 * Called once the shell listens for an ended session: a read refused for it must be heard.
 * They start when the start-up refresh has said the player is signed in (decision 034): the
 * access token is in memory only, so a reload has none before that answer.
 */
import { tokenStore } from '@mchezo/api-client/token-store';
import type { QueryClientType } from '@mchezo/host/query';
import { sessionRestored } from '../stores/auth.store.ts';
import { remoteRouteFor } from './route-table.ts';

/** How long a page whose code is in waits, at most, for its first reads before it renders. */
export const FIRST_READS_WAIT_MS = 2000;

let reads: Promise<unknown> = Promise.resolve();

export function startFirstReads(client: QueryClientType, pathname: string): void {
  const route = remoteRouteFor(pathname);
  const pageReads = route?.access === 'protected' ? route.reads : undefined;
  reads = sessionRestored().then(() =>
    // No session, no read: the guard sends a guest to /login (and a pending player has no token).
    pageReads && tokenStore.getAccessToken() !== null
      ? Promise.allSettled(pageReads.map((read) => read(client)))
      : undefined,
  );
}

/**
 * Settles when the first page's reads have (answered or failed), or after FIRST_READS_WAIT_MS,
 * whichever comes first; at once when there were none. A slow API then costs the player a
 * spinner inside the page, not a page held back.
 */
export function firstReadsSettled(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_READS_WAIT_MS);
  });
  return Promise.race([reads.then(() => undefined), limit]).finally(() => clearTimeout(timer));
}
