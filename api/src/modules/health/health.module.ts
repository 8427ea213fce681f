/** Liveness, readiness and the reconciliation queue's figures for load balancers and staff. */
import { apiModule } from '../../lib/api-module.js';
import { API_PREFIX } from '../../lib/api-prefix.js';
import { healthRoutes } from './health.routes.js';

export const healthModule = apiModule({ name: 'health', dependencies: ['staff'] }, async (app) => {
  await app.register(healthRoutes, { prefix: API_PREFIX, ctx: app.ctx, requireStaff: app.requireStaff });
});
