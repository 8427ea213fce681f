/**
 * `POST /api/v1/staff/regulator-feed/parked/{sequence}/release` (api/README.md "Compliance
 * (staff)"): compliance puts a parked feed event back in the queue with a reason. Two-factor
 * staff route; docs/decisions/063-a-feed-that-cannot-jam.md.
 */
import type { StaffRoleName } from '@mchezo/contracts/staff';
import {
  StaffFeedReleaseParams,
  StaffFeedReleaseRequest,
  StaffFeedReleaseResponse,
} from '@mchezo/contracts/staff-compliance';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, type PreHandler } from '../../lib/http.js';
import type { FeedParkedService } from './feed-parked.service.js';

export const feedParkedRoutes: FastifyPluginAsyncZod<{
  parked: FeedParkedService;
  requireStaff: (...roles: StaffRoleName[]) => PreHandler;
  staffOf: (request: FastifyRequest) => { userId: string };
}> = async (app, { parked, requireStaff, staffOf }) => {
  app.post(
    '/staff/regulator-feed/parked/:sequence/release',
    {
      onRequest: requireStaff('compliance'),
      schema: {
        tags: ['staff', 'compliance'],
        security: [{ bearer: [] }],
        params: StaffFeedReleaseParams,
        body: StaffFeedReleaseRequest,
        response: { 200: StaffFeedReleaseResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      parked.release(
        { userId: staffOf(request).userId, ip: request.ip },
        request.params.sequence,
        request.body.reason,
      ),
  );
};
