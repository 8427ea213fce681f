/**
 * `POST /api/v1/staff/regulator-feed/replay` (api/README.md "Compliance (staff)"): compliance
 * replays the regulator feed from a sequence number with a reason. Two-factor staff route.
 */
import type { StaffRoleName } from '@mchezo/contracts/staff';
import { StaffFeedReplayRequest, StaffFeedReplayResponse } from '@mchezo/contracts/staff-compliance';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, type PreHandler } from '../../lib/http.js';
import type { FeedReplayService } from './feed-replay.service.js';

export const feedReplayRoutes: FastifyPluginAsyncZod<{
  replays: FeedReplayService;
  requireStaff: (...roles: StaffRoleName[]) => PreHandler;
  staffOf: (request: FastifyRequest) => { userId: string };
}> = async (app, { replays, requireStaff, staffOf }) => {
  app.post(
    '/staff/regulator-feed/replay',
    {
      onRequest: requireStaff('compliance'),
      schema: {
        tags: ['staff', 'compliance'],
        security: [{ bearer: [] }],
        body: StaffFeedReplayRequest,
        response: { 200: StaffFeedReplayResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      replays.replay(
        { userId: staffOf(request).userId, ip: request.ip },
        request.body.from_sequence,
        request.body.reason,
      ),
  );
};
