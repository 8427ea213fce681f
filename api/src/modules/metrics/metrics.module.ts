/**
 * Operators' Prometheus metrics (docs/decisions/044-metrics.md): every request counted by its
 * route's template, and at each scrape the figures of the modules it depends on. `GET /metrics`
 * is outside /api/v1.
 */
import { apiModule } from '../../lib/api-module.js';
import { metricsRoutes } from './metrics.routes.js';
import { MetricsService } from './metrics.service.js';

export const metricsModule = apiModule(
  { name: 'metrics', dependencies: ['regulator-feed', 'aml', 'wallet'] },
  async (app) => {
    const metrics = new MetricsService(app.ctx, {
      feed: app.regulatorFeed,
      aml: app.aml,
      wallet: app.wallet,
    });
    metrics.observe(app);
    await app.register(metricsRoutes, { ctx: app.ctx, metrics });
  },
);
