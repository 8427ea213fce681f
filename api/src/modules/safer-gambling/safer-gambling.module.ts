/**
 * Safer gambling: a player's limits, time-outs and self-exclusion, the checks every stake and
 * deposit passes, and compliance's self-exclusion register.
 */
import { apiModule } from '../../lib/api-module.js';
import { API_PREFIX } from '../../lib/api-prefix.js';
import { WalletActivityService } from '../wallet/activity.service.js';
import { saferGamblingRoutes } from './safer-gambling.routes.js';
import { SaferGamblingService } from './safer-gambling.service.js';
import { selfExclusionRegisterRoutes } from './self-exclusion-register.routes.js';
import { SelfExclusionRegister } from './self-exclusion-register.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    safer: SaferGamblingService;
  }
}

export const saferGamblingModule = apiModule(
  { name: 'safer-gambling', dependencies: ['auth', 'staff'] },
  async (app) => {
    const safer = new SaferGamblingService(app.ctx, new WalletActivityService(app.ctx));
    app.decorate('safer', safer);
    await app.register(saferGamblingRoutes, { prefix: API_PREFIX, safer, requireAuth: app.requireAuth });
    await app.register(selfExclusionRegisterRoutes, {
      prefix: API_PREFIX,
      register: new SelfExclusionRegister(app.ctx),
      requireStaff: app.requireStaff,
    });
  },
);
