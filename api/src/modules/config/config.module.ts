/** The public configuration every page of the site reads first (GET /config). */
import { apiModule } from '../../lib/api-module.js';
import { API_PREFIX } from '../../lib/api-prefix.js';
import { configRoutes } from './config.routes.js';

export const configModule = apiModule({ name: 'config' }, async (app) => {
  await app.register(configRoutes, { prefix: API_PREFIX, ctx: app.ctx });
});
