/**
 * `GET /api/v1/releases/health/history?remote=&from=&to=&step=` (release managers, two-factor
 * staff session): one remote's health per version and time bucket, and the canary's events in
 * the range (health-history.service.ts). At most 8 days (release health's retention) and 500
 * buckets; a wider range or a finer step is 400 with its code, never a partial answer.
 */
import { HealthHistoryQuery, HealthHistoryResponse } from '@mchezo/contracts/release-history';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errorResponses, type PreHandler } from '../../lib/http.js';
import type { ReleaseHealthService } from '../release-health/release-health.service.js';
import { HealthHistory } from './health-history.service.js';
import type { RevisionService } from './revisions.service.js';

export const healthHistoryRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  health: ReleaseHealthService;
  revisions: RevisionService;
  /** `requireStaff('release_manager')` (api/src/modules/staff/staff.guard.ts). */
  requireReleaseManager: PreHandler;
}> = async (app, { ctx, health, revisions, requireReleaseManager }) => {
  const history = new HealthHistory(ctx, health, revisions);
  app.get(
    '/releases/health/history',
    {
      onRequest: requireReleaseManager,
      schema: {
        tags: ['release health'],
        security: [{ bearer: [] }],
        querystring: HealthHistoryQuery,
        response: { 200: HealthHistoryResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => history.read(request.query),
  );
};
