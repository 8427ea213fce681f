/**
 * `GET /metrics` (docs/decisions/044-metrics.md): Prometheus' text format for operators, outside
 * /api/v1 and the site. Only with `Authorization: Bearer <METRICS_TOKEN>`, compared in constant
 * time (lib/crypto.ts); without METRICS_TOKEN the route answers 404, as if it were not there. The
 * header is never logged (the request log writes method, URL and address only: lib/request-log.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { matchesAnySecret } from '../../lib/crypto.js';
import { refuse } from '../../lib/errors.js';
import type { MetricsConfig } from './metrics.config.js';
import type { MetricsService } from './metrics.service.js';

const BEARER = /^Bearer (\S+)$/;

export const metricsRoutes: FastifyPluginAsync<{
  metrics: MetricsService;
  config: Pick<MetricsConfig, 'METRICS_TOKEN'>;
}> = async (app, { metrics, config }) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = config.METRICS_TOKEN;
    if (token === undefined) throw refuse('NOT_FOUND', 'No route GET /metrics');
    const given = BEARER.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!matchesAnySecret(given, [token]))
      throw refuse('METRICS_TOKEN_REQUIRED', 'A valid metrics token is required');
    const text = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
};
