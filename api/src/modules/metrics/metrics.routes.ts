/**
 * `GET /metrics` (docs/decisions/044-metrics.md): Prometheus' text format for operators, outside
 * /api/v1 and the site. Only with `Authorization: Bearer <METRICS_TOKEN>`, compared in constant
 * time (lib/crypto.ts); without METRICS_TOKEN the route answers 404, as if it were not there. The
 * header is never logged (the request log writes method, URL and address only: lib/request-log.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { matchesAnySecret } from '../../lib/crypto.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import type { MetricsService } from './metrics.service.js';

const BEARER = /^Bearer (\S+)$/;

export const metricsRoutes: FastifyPluginAsync<{ ctx: AppContext; metrics: MetricsService }> = async (
  app,
  { ctx, metrics },
) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = ctx.env.METRICS_TOKEN;
    if (token === undefined) throw notFound('No route GET /metrics');
    const given = BEARER.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!matchesAnySecret(given, [token]))
      throw unauthorized('A valid metrics token is required', 'METRICS_TOKEN_REQUIRED');
    const text = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
};
