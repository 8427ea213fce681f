/**
 * Every route of the site (docs/product-rules.md#routes), and which part of the product serves it.
 * The shell owns the table; each remote owns what its pages show.
 */
import type { FeatureName } from '@mchezo/contracts/config';
import type { RemoteName } from '@mchezo/contracts/releases';
import type { RemoteExpose } from '@mchezo/contracts/releases-constants';
import { identityQuery } from '@mchezo/host/queries/identity';
import { walletBalanceQuery } from '@mchezo/host/queries/wallet-balance';
import type { QueryClientType } from '@mchezo/host/query';

export type Access = 'public' | 'guest' | 'pending' | 'protected';

/** A player read the shell can start for a page, into the page's one query cache. */
export type PageRead = (client: QueryClientType) => Promise<void>;

/** The identity (`@mchezo/host/queries/identity`): pages that need it confirmed check it first. */
const readIdentity: PageRead = (client) => client.prefetchQuery(identityQuery);

/** The wallet's pots (`@mchezo/host/queries/wallet-balance`): the header's read, joined. */
const readBalance: PageRead = (client) => client.prefetchQuery(walletBalanceQuery);

export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  /** One of the remote's required exposes (REMOTE_EXPOSES, checked before a release goes live). */
  expose: RemoteExpose;
  access: Access;
  feature?: FeatureName;
  /**
   * Player reads the page waits on before it can show its content. When the app opens on the
   * page with a session, the shell starts them while the page's code loads, and keeps the HTML
   * first screen until they have settled (`first-reads.ts`).
   */
  reads?: readonly PageRead[];
}

export const REMOTE_ROUTES: readonly RemoteRoute[] = [
  { path: '/', remote: 'lobby', expose: 'HomePage', access: 'public' },
  {
    path: '/game/:title',
    remote: 'lobby',
    expose: 'GamePage',
    access: 'protected',
    reads: [readIdentity],
  },
  { path: '/login', remote: 'auth', expose: 'LoginPage', access: 'guest' },
  { path: '/join', remote: 'auth', expose: 'JoinPage', access: 'guest' },
  { path: '/verify', remote: 'auth', expose: 'VerifyPage', access: 'pending' },
  { path: '/forgot-password', remote: 'auth', expose: 'ForgotPasswordPage', access: 'guest' },
  {
    path: '/deposit',
    remote: 'wallet',
    expose: 'DepositPage',
    access: 'protected',
    feature: 'wallet_enabled',
    reads: [readIdentity],
  },
  {
    path: '/withdraw',
    remote: 'wallet',
    expose: 'WithdrawPage',
    access: 'protected',
    feature: 'wallet_enabled',
    reads: [readIdentity],
  },
  { path: '/transactions', remote: 'wallet', expose: 'TransactionsPage', access: 'protected' },
  {
    path: '/profile',
    remote: 'profile',
    expose: 'ProfilePage',
    access: 'protected',
    reads: [readIdentity, readBalance],
  },
  { path: '/safer-gambling', remote: 'profile', expose: 'SaferGamblingPage', access: 'protected' },
  {
    path: '/affiliate',
    remote: 'profile',
    expose: 'AffiliatePage',
    access: 'protected',
    feature: 'affiliate_enabled',
  },
];

/**
 * Paths a pending player may stay on without being sent to /verify
 * (docs/product-rules.md#access-guards).
 */
export const VERIFY_EXEMPT_PATHS = ['/verify', '/login', '/join'];

/** The remote route a URL path lands on (`/game/:title` matches `/game/Lucky%207`), if any. */
export function remoteRouteFor(pathname: string): RemoteRoute | undefined {
  return REMOTE_ROUTES.find((r) => {
    const pattern = r.path.replace(/:[^/]+/g, '[^/]+');
    return new RegExp(`^${pattern}/?$`).test(pathname);
  });
}
