import { ChatTokenRequest, ChatTokenResponse } from '@mchezo/contracts/chat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, errorResponses, type PreHandler } from '../../lib/http.js';
import type { ChatConfig } from './chat.config.js';
import { chatTokenFor } from './chat.service.js';

export const chatRoutes: FastifyPluginAsyncZod<{ requireAuth: PreHandler; config: ChatConfig }> = async (
  app,
  { requireAuth, config },
) => {
  app.post(
    '/auth/chat-token',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['chat'],
        body: ChatTokenRequest,
        response: { 200: ChatTokenResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => chatTokenFor(config, authOf(request).phone),
  );
};
