/** The support chat's signed token for a signed-in player. */
import { apiModule } from '../../lib/api-module.js';
import { API_PREFIX } from '../../lib/api-prefix.js';
import { chatRoutes } from './chat.routes.js';

export const chatModule = apiModule({ name: 'chat', dependencies: ['auth'] }, async (app) => {
  await app.register(chatRoutes, { prefix: API_PREFIX, ctx: app.ctx, requireAuth: app.requireAuth });
});
