/**
 * The regulator's real-time feed: delivery of its outbox (docs/decisions/042), its replays and
 * the events parked when the receiver refuses them (docs/decisions/063).
 */
import { apiModule } from '../../lib/api-module.js';
import { API_PREFIX } from '../../lib/api-prefix.js';
import { staffOf } from '../staff/staff.guard.js';
import { feedParkedRoutes } from './feed-parked.routes.js';
import { FeedParkedService } from './feed-parked.service.js';
import { feedReplayRoutes } from './feed-replay.routes.js';
import { FeedReplayService } from './feed-replay.service.js';
import { RegulatorFeedConfig } from './regulator-feed.config.js';
import { regulatorFeedRoutes } from './regulator-feed.routes.js';
import { RegulatorFeedService } from './regulator-feed.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    regulatorFeed: RegulatorFeedService;
  }
}

export const regulatorFeedModule = apiModule(
  { name: 'regulator-feed', dependencies: ['staff'], config: RegulatorFeedConfig },
  async (app, config) => {
    const ctx = app.ctx;
    const feed = new RegulatorFeedService(ctx, config);
    app.decorate('regulatorFeed', feed);
    app.jobs.push(feed.job);
    const requireStaff = app.requireStaff;
    await app.register(regulatorFeedRoutes, { prefix: API_PREFIX, feed, requireStaff, staffOf });
    await app.register(feedReplayRoutes, {
      prefix: API_PREFIX,
      replays: new FeedReplayService(ctx, app.staff.audit),
      requireStaff,
      staffOf,
    });
    await app.register(feedParkedRoutes, {
      prefix: API_PREFIX,
      parked: new FeedParkedService(ctx, app.staff.audit),
      requireStaff,
      staffOf,
    });
  },
);
