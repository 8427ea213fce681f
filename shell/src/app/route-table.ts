/**
 * The routes the shell mounts a remote's page on: the site's route table
 * (`@mchezo/contracts/routes`, docs/product-rules.md#routes), with each page's player reads as
 * the shell starts them. The shell owns its own pages (legal, not found); each remote owns what
 * its pages show.
 */
import {
  type Access,
  matchRoute,
  type PlayerRead,
  SITE_ROUTES,
  type SiteRoute,
} from '@mchezo/contracts/routes';
import { identityQuery } from '@mchezo/host/queries/identity';
import { walletBalanceQuery } from '@mchezo/host/queries/wallet-balance';
import type { QueryClientType } from '@mchezo/host/query';

export type { Access };

/** A player read the shell can start for a page, into the page's one query cache. */
type PageRead = (client: QueryClientType) => Promise<void>;

/** Each read a route may name, as the shell starts it. */
const PAGE_READS: Record<PlayerRead, PageRead> = {
  // The identity: pages that need it confirmed check it first.
  identity: (client) => client.prefetchQuery(identityQuery),
  // The wallet's pots: the header's read, joined.
  'wallet-balance': (client) => client.prefetchQuery(walletBalanceQuery),
};

interface RemoteRoute extends SiteRoute {
  /**
   * Player reads the page waits on before it can show its content. When the app opens on the
   * page with a session, the shell starts them while the page's code loads, and keeps the HTML
   * first screen until they have settled (`first-reads.ts`).
   */
  reads?: readonly PageRead[];
}

export const REMOTE_ROUTES: readonly RemoteRoute[] = SITE_ROUTES.map((route) =>
  route.playerReads ? { ...route, reads: route.playerReads.map((read) => PAGE_READS[read]) } : route,
);

/** The remote route a URL path lands on (`/game/:title` matches `/game/Lucky%207`), if any. */
export function remoteRouteFor(pathname: string): RemoteRoute | undefined {
  const match = matchRoute(pathname);
  return match && REMOTE_ROUTES[SITE_ROUTES.indexOf(match.route)];
}
