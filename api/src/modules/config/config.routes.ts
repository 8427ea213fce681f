import { ConfigResponse } from '@mchezo/contracts/config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PublicConfigConfig } from './config.config.js';
import { buildPublicConfig } from './config.service.js';

export const configRoutes: FastifyPluginAsyncZod<{ config: PublicConfigConfig }> = async (
  app,
  { config },
) => {
  const body = { data: buildPublicConfig(config) };
  app.get(
    '/config',
    { schema: { tags: ['config'], response: { 200: ConfigResponse } } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return body;
    },
  );
};
