import { IdentityRequest, IdentityResponse } from '@mchezo/contracts/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, errorResponses, type PreHandler } from '../../lib/http.js';
import type { IdentityService } from './identity.service.js';

const tags = ['identity'];
const security = [{ bearer: [] }];

/** The player's age and identity (docs/decisions/019-age-and-identity.md). */
export const identityRoutes: FastifyPluginAsyncZod<{
  identity: IdentityService;
  requireAuth: PreHandler;
}> = async (app, { identity, requireAuth }) => {
  app.get(
    '/identity',
    {
      onRequest: requireAuth,
      schema: { tags, security, response: { 200: IdentityResponse, ...errorResponses(401, 403) } },
    },
    async (request) => identity.get(authOf(request).userId),
  );

  app.put(
    '/identity',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        body: IdentityRequest,
        response: { 200: IdentityResponse, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request) => identity.submit(authOf(request).userId, request.body),
  );
};
