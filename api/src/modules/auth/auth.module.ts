/**
 * Players' accounts and sessions: sign-up, sign-in, refresh, one-time codes, and the
 * `requireAuth` guard every player route takes.
 */
import { apiModule } from '../../lib/api-module.js';
import { API_PREFIX } from '../../lib/api-prefix.js';
import type { PreHandler } from '../../lib/http.js';
import { deployKeyRefused, deployKeyToken } from '../releases/deploy-keys.service.js';
import { AuthConfig } from './auth.config.js';
import { authRoutes } from './auth.routes.js';
import { AuthService } from './auth.service.js';
import { PlayerAccountsService } from './player-accounts.service.js';
import { RateLimiter } from './rate-limit.js';
import { grantConfiguredManagers } from './roles.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** A player's access token, checked: `request.auth` is its player (401 otherwise). */
    requireAuth: PreHandler;
    /** `accounts`: players' accounts as the staff's player pages read and change them. */
    auth: { service: AuthService; limiter: RateLimiter; accounts: PlayerAccountsService };
  }
}

export const authModule = apiModule({ name: 'auth', config: AuthConfig }, async (app, config) => {
  const ctx = app.ctx;
  const service = new AuthService(ctx, config);
  const limiter = new RateLimiter(ctx, config);
  const requireAuth: PreHandler = async (request) => {
    // A team's deploy key is no person's session: only publish and canary take one (releases.routes.ts).
    if (deployKeyToken(request.headers.authorization)) throw deployKeyRefused();
    request.auth = await service.authenticate(request.headers.authorization);
  };
  app.decorateRequest('auth', null);
  app.decorate('requireAuth', requireAuth);
  app.decorate('auth', { service, limiter, accounts: new PlayerAccountsService(ctx, config) });
  // At boot: the roles the environment grants to accounts that already exist.
  app.addHook('onReady', () => grantConfiguredManagers(ctx, config));
  await app.register(authRoutes, { prefix: API_PREFIX, ctx, auth: service, limiter, requireAuth });
});
