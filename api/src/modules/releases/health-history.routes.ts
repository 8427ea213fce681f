/**
 * `GET /api/v1/releases/health/history?remote=&from=&to=&step=` (release managers, two-factor
 * staff session): one remote's health per version and time bucket, and the canary's events in
 * the range (health-history.service.ts). At most 8 days (release health's retention) and 500
 * buckets; a wider range or a finer step is 400 with its code, never a partial answer.
 */
import { HealthHistoryQuery, HealthHistoryResponse } from '@mchezo/contracts/release-history';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardedRoute, type PreHandler } from '../../lib/http.js';
import type { HealthHistory } from './health-history.service.js';

export const healthHistoryRoutes: FastifyPluginAsyncZod<{
  /** Built once by the releases module (releases.module.ts). */
  history: HealthHistory;
  /** `requireStaff('release_manager')` (api/src/modules/staff/staff.guard.ts). */
  requireReleaseManager: PreHandler;
}> = async (app, { history, requireReleaseManager }) => {
  const releaseManager = guardedRoute(requireReleaseManager, ['release health']);
  app.get(
    '/releases/health/history',
    releaseManager({ querystring: HealthHistoryQuery }, { 200: HealthHistoryResponse }, [400]),
    async (request) => history.read(request.query),
  );
};
