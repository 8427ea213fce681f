import { ConfigResponse } from '@mchezo/contracts/config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { buildPublicConfig } from './config.service.js';

export const configRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const body = { data: buildPublicConfig(ctx.env) };
  app.get(
    '/config',
    { schema: { tags: ['config'], response: { 200: ConfigResponse } } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return body;
    },
  );
};
