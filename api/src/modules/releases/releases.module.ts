/**
 * Releases: published remote versions and their files (docs/decisions/049), the release
 * manifest's revisions, overrides, deploy keys, integrity checks and the canary guard.
 */
import { apiModule } from '../../lib/api-module.js';
import { API_PREFIX } from '../../lib/api-prefix.js';
import { staffOf } from '../staff/staff.guard.js';
import { CanaryGuard } from './canary-guard.service.js';
import { DeployKeyService } from './deploy-keys.service.js';
import { healthHistoryRoutes } from './health-history.routes.js';
import { HealthHistory } from './health-history.service.js';
import { IntegrityMonitor } from './integrity.service.js';
import { OverrideService } from './overrides.service.js';
import { releasesRoutes } from './releases.routes.js';
import { RevisionService } from './revisions.service.js';
import { syncWithBuilds } from './startup-sync.js';
import { versionStoreFrom } from './version-store.js';
import { VersionService } from './versions.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    releases: { versions: VersionService; revisions: RevisionService; integrity: IntegrityMonitor };
    canaryGuard: CanaryGuard;
  }
}

export const releasesModule = apiModule(
  { name: 'releases', dependencies: ['auth', 'staff', 'release-health'] },
  async (app) => {
    const ctx = app.ctx;
    const versions = new VersionService(ctx, versionStoreFrom(ctx.env, ctx.database));
    const revisions = new RevisionService(ctx, versions);
    const integrity = new IntegrityMonitor(ctx, () => revisions.current(), versions);
    const canaryGuard = new CanaryGuard(ctx, revisions, app.releaseHealth);
    app.decorate('releases', { versions, revisions, integrity });
    app.decorate('canaryGuard', canaryGuard);
    app.jobs.push(integrity.job, canaryGuard.job);
    app.addHook('onReady', async () => {
      await syncWithBuilds(ctx, revisions, versions);
      await integrity.runOnce();
    });
    await app.register(releasesRoutes, {
      prefix: API_PREFIX,
      ctx,
      revisions,
      versions,
      overrides: new OverrideService(ctx, revisions, versions),
      deployKeys: new DeployKeyService(ctx),
      integrity,
      canaryGuard,
      loadTickets: app.releaseHealth.tickets,
      requireStaff: app.requireStaff,
      staffOf,
    });
    await app.register(healthHistoryRoutes, {
      prefix: API_PREFIX,
      history: new HealthHistory(ctx, app.releaseHealth, revisions),
      requireReleaseManager: app.requireStaff('release_manager'),
    });
  },
);
