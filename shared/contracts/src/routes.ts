/**
 * Every route of the site that a remote serves (docs/product-rules.md#routes): the one table the
 * shell's router (shell/src/app/route-table.ts), the site server's entry pages (@mchezo/site) and
 * the remotes' builds (their first screens, tooling/src/remote-config.ts) read. Plain data: the
 * browser imports it.
 */
import type { FeatureName } from './config.ts';
import type { RemoteExpose, RemoteNameValue } from './releases-constants.ts';

/**
 * Who may open a route (the shell's `AccessGuard`, docs/product-rules.md#access-guards):
 * `public` anyone; `guest` only a visitor who is not signed in (or still pending);
 * `pending` only a player who has not verified their phone yet; `protected` a verified player.
 */
export type Access = 'public' | 'guest' | 'pending' | 'protected';

/**
 * A player read a page waits on before it can show its content: `identity` is
 * `@mchezo/host/queries/identity`, `wallet-balance` is `@mchezo/host/queries/wallet-balance`.
 * When the app opens on the page with a session, the shell starts them while the page's code
 * loads (shell/src/app/first-reads.ts, decision 030).
 */
export type PlayerRead = 'identity' | 'wallet-balance';

export interface SiteRoute {
  /** `:name` matches one non-empty path segment; a trailing slash is allowed. */
  path: string;
  remote: RemoteNameValue;
  /** One of the remote's required exposes (REMOTE_EXPOSES, checked before a release goes live). */
  expose: RemoteExpose;
  access: Access;
  /** The page shows "Unavailable" while this feature is off. */
  feature?: FeatureName;
  /**
   * An entry page (a player opens the site at it: a link, a bookmark, a reload): its remote's build
   * renders the page's first screen from the page itself (decisions 011, 026 and 039), and the site
   * prepares it (the remote's files preloaded, its public reads written into the page). Pages
   * behind sign-in are entry pages too: their first screens draw what every player sees first.
   */
  firstScreen?: true;
  /**
   * Query parameters the page reads to draw itself (`/game/:title?gameId=…`): its first screen is
   * rendered with each as `[[name]]`, as a `:param` of the path is.
   */
  query?: readonly string[];
  /** The public API reads the page makes on its first render (an entry page's are written into it). */
  publicReads?: readonly string[];
  playerReads?: readonly PlayerRead[];
}

export const SITE_ROUTES: readonly SiteRoute[] = [
  {
    path: '/',
    remote: 'lobby',
    expose: 'HomePage',
    access: 'public',
    firstScreen: true,
    publicReads: ['/api/v1/casino/games'],
  },
  {
    path: '/game/:title',
    remote: 'lobby',
    expose: 'GamePage',
    access: 'protected',
    firstScreen: true,
    query: ['gameId'],
    playerReads: ['identity'],
  },
  { path: '/login', remote: 'auth', expose: 'LoginPage', access: 'guest', firstScreen: true },
  { path: '/join', remote: 'auth', expose: 'JoinPage', access: 'guest', firstScreen: true },
  { path: '/verify', remote: 'auth', expose: 'VerifyPage', access: 'pending' },
  { path: '/forgot-password', remote: 'auth', expose: 'ForgotPasswordPage', access: 'guest' },
  {
    path: '/deposit',
    remote: 'wallet',
    expose: 'DepositPage',
    access: 'protected',
    feature: 'wallet_enabled',
    firstScreen: true,
    playerReads: ['identity'],
  },
  {
    path: '/withdraw',
    remote: 'wallet',
    expose: 'WithdrawPage',
    access: 'protected',
    feature: 'wallet_enabled',
    firstScreen: true,
    playerReads: ['identity'],
  },
  { path: '/transactions', remote: 'wallet', expose: 'TransactionsPage', access: 'protected' },
  {
    path: '/profile',
    remote: 'profile',
    expose: 'ProfilePage',
    access: 'protected',
    firstScreen: true,
    playerReads: ['identity', 'wallet-balance'],
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

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

const PATTERNS = SITE_ROUTES.map((route) => ({
  route,
  // As the shell's router matches: a trailing slash allowed, `:name` one non-empty segment.
  pattern: new RegExp(`^${route.path.replace(/:(\w+)/g, '(?<$1>[^/]+)')}/?$`),
}));

/**
 * The route a URL path lands on (`/game/Lucky%207` is `/game/:title`), with its parameters
 * decoded (`{ title: 'Lucky 7' }`), or undefined for the shell's own pages and unknown paths.
 */
export function matchRoute(
  pathname: string,
): { route: SiteRoute; params: Record<string, string> } | undefined {
  for (const { route, pattern } of PATTERNS) {
    const match = pattern.exec(pathname);
    if (match) {
      const params = Object.fromEntries(Object.entries(match.groups ?? {}).map(([k, v]) => [k, decode(v)]));
      return { route, params };
    }
  }
  return undefined;
}
