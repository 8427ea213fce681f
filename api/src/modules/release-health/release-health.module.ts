/**
 * Release health: each page view's load ticket, the loads, errors and web vitals of each live
 * version, which the canary guard judges by (docs/decisions/031, 060).
 */
import { apiModule } from '../../lib/api-module.js';
import { API_PREFIX } from '../../lib/api-prefix.js';
import { ReleaseHealthConfig } from './release-health.config.js';
import { releaseHealthRoutes } from './release-health.routes.js';
import { ReleaseHealthService } from './release-health.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    releaseHealth: ReleaseHealthService;
  }
}

/**
 * Registered before the releases module, which judges canaries by this health; the health reads
 * the live manifest and its integrity back from the releases module when it is asked, once both
 * are registered (docs/decisions/067-modules-as-plugins.md).
 */
export const releaseHealthModule = apiModule(
  { name: 'release-health', dependencies: ['staff'], config: ReleaseHealthConfig },
  async (app, slice) => {
    const health = new ReleaseHealthService(
      app.ctx,
      () => app.releases.revisions.current(),
      () => app.releases.integrity.status(),
      // The secret and the public URL in the slice are resolved at start-up (src/startup.ts).
      slice as ReleaseHealthConfig,
    );
    app.decorate('releaseHealth', health);
    await app.register(releaseHealthRoutes, { prefix: API_PREFIX, health, requireStaff: app.requireStaff });
  },
);
