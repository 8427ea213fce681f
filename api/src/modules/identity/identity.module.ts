/** Players' identity checks, and compliance's queue of identities to review. */
import { apiModule } from '../../lib/api-module.js';
import { API_PREFIX } from '../../lib/api-prefix.js';
import { staffOf } from '../staff/staff.guard.js';
import { identityRoutes } from './identity.routes.js';
import { IdentityService } from './identity.service.js';
import { identityReviewRoutes } from './identity-review.routes.js';
import { IdentityReviewService } from './identity-review.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityService;
  }
}

export const identityModule = apiModule(
  { name: 'identity', dependencies: ['auth', 'staff'] },
  async (app) => {
    const identity = new IdentityService(app.ctx);
    app.decorate('identity', identity);
    await app.register(identityRoutes, { prefix: API_PREFIX, identity, requireAuth: app.requireAuth });
    await app.register(identityReviewRoutes, {
      prefix: API_PREFIX,
      review: new IdentityReviewService(app.ctx, app.staff.audit),
      requireStaff: app.requireStaff,
      staffOf,
    });
  },
);
