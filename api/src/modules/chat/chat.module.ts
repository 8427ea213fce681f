/** The support chat's signed token for a signed-in player. */
import { apiModule } from '../../lib/api-module.js';
import { API_PREFIX } from '../../lib/api-prefix.js';
import { ChatConfig } from './chat.config.js';
import { chatRoutes } from './chat.routes.js';

export const chatModule = apiModule(
  { name: 'chat', dependencies: ['auth'], config: ChatConfig },
  async (app, config) => {
    await app.register(chatRoutes, { prefix: API_PREFIX, requireAuth: app.requireAuth, config });
  },
);
