/**
 * `/api/v1/staff/identity-checks…` (api/README.md "Compliance (staff)"): compliance's queue of
 * identities the register has not answered, a second ask of the register, and a refusal with a
 * reason. Two-factor staff routes (`requireStaff('compliance')`); answers are `no-store`.
 */
import type { StaffRoleName } from '@mchezo/contracts/staff';
import {
  IdentityCheckParams,
  IdentityChecksQuery,
  IdentityChecksResponse,
  IdentityDecisionResponse,
  IdentityRecheckRequest,
  IdentityRejectRequest,
} from '@mchezo/contracts/staff-compliance';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, type PreHandler } from '../../lib/http.js';
import type { IdentityReviewService } from './identity-review.service.js';

const tags = ['staff', 'compliance'];
const security = [{ bearer: [] }];
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export const identityReviewRoutes: FastifyPluginAsyncZod<{
  review: IdentityReviewService;
  requireStaff: (...roles: StaffRoleName[]) => PreHandler;
  staffOf: (request: FastifyRequest) => { userId: string };
}> = async (app, { review, requireStaff, staffOf }) => {
  const compliance = requireStaff('compliance');
  const actor = (request: FastifyRequest) => ({ userId: staffOf(request).userId, ip: request.ip });

  app.get(
    '/staff/identity-checks',
    {
      onRequest: compliance,
      schema: {
        tags,
        security,
        querystring: IdentityChecksQuery,
        response: { 200: IdentityChecksResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => noStore(reply).send(await review.pending(request.query.cursor)),
  );

  app.post(
    '/staff/identity-checks/:user_id/recheck',
    {
      onRequest: compliance,
      schema: {
        tags,
        security,
        params: IdentityCheckParams,
        body: IdentityRecheckRequest,
        response: { 200: IdentityDecisionResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      noStore(reply).send(await review.recheck(request.params.user_id, actor(request), request.body.reason)),
  );

  app.post(
    '/staff/identity-checks/:user_id/reject',
    {
      onRequest: compliance,
      schema: {
        tags,
        security,
        params: IdentityCheckParams,
        body: IdentityRejectRequest,
        response: { 200: IdentityDecisionResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      noStore(reply).send(
        await review.reject(request.params.user_id, actor(request), request.body.code, request.body.reason),
      ),
  );
};
