import {
  GameLinkRequest,
  GameLinkResponse,
  GamesResponse,
  ThumbnailParams,
  ThumbnailResponse,
} from '@mchezo/contracts/casino';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.js';
import { authOf, errorResponses, type PreHandler } from '../../lib/http.js';
import type { IdentityService } from '../identity/identity.service.js';
import type { SaferGamblingService } from '../safer-gambling/safer-gambling.service.js';
import { type CasinoService, loadThumbnails } from './casino.service.js';

const tags = ['casino'];

export const casinoRoutes: FastifyPluginAsyncZod<{
  casino: CasinoService;
  identity: IdentityService;
  safer: SaferGamblingService;
  requireAuth: PreHandler;
}> = async (app, { casino, identity, safer, requireAuth }) => {
  const thumbnails = loadThumbnails();

  app.get('/casino/games', { schema: { tags, response: { 200: GamesResponse } } }, async () => ({
    games: await casino.games(),
  }));

  app.post(
    '/casino/game/link',
    {
      onRequest: requireAuth,
      // Play needs a confirmed identity (docs/decisions/019-age-and-identity.md).
      preHandler: async (request) => identity.requireConfirmed(authOf(request).userId, 'play'),
      schema: {
        tags,
        security: [{ bearer: [] }],
        body: GameLinkRequest,
        response: { 200: GameLinkResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await safer.assertCanPlay(authOf(request).userId);
      return casino.gameLink(authOf(request), request.body.game_id, request.body.language);
    },
  );

  app.get(
    '/casino/thumbnails/:file',
    {
      schema: {
        tags,
        params: ThumbnailParams,
        response: { 200: ThumbnailResponse, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const svg = thumbnails.get(request.params.file);
      if (!svg) throw notFound('Thumbnail not found');
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    },
  );
};
