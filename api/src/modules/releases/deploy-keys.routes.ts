/**
 * Deploy keys (docs/decisions/046-deploy-keys.md): release managers list, create and revoke
 * them; a key's token is answered once, when it is created.
 */
import {
  CreateDeployKeyRequest,
  CreatedDeployKey,
  DeployKey,
  DeployKeyParams,
  DeployKeysResponse,
  RevokeDeployKeyRequest,
} from '@mchezo/contracts/releases';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http.js';
import type { DeployKeyService } from './deploy-keys.service.js';
import type { ReleaseActors } from './release-actors.js';

const tags = ['releases'];
const security = [{ bearer: [] }];

export const deployKeyRoutes: FastifyPluginAsyncZod<{
  deployKeys: DeployKeyService;
  actors: ReleaseActors;
}> = async (app, { deployKeys, actors: { requireReleaseManager, actor } }) => {
  app.get(
    '/releases/deploy-keys',
    {
      onRequest: requireReleaseManager,
      schema: { tags, security, response: { 200: DeployKeysResponse, ...errorResponses(401, 403) } },
    },
    async () => deployKeys.list(),
  );

  app.post(
    '/releases/deploy-keys',
    {
      onRequest: requireReleaseManager,
      schema: {
        tags,
        security,
        body: CreateDeployKeyRequest,
        response: { 201: CreatedDeployKey, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await deployKeys.create(actor(request), request.body)),
  );

  app.post(
    '/releases/deploy-keys/:id/revoke',
    {
      onRequest: requireReleaseManager,
      schema: {
        tags,
        security,
        params: DeployKeyParams,
        body: RevokeDeployKeyRequest,
        response: { 200: DeployKey, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => deployKeys.revoke(actor(request), request.params.id, request.body),
  );
};
