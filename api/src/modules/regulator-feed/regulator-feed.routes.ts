/**
 * `/api/v1/regulator-feed/…`: the operators' view of the regulator's feed (the backlog, the last
 * delivery; 401 without a token, 403 without the compliance role, granted from COMPLIANCE_PHONES,
 * as the money-laundering cases). A replay has one route, the audited
 * `POST /staff/regulator-feed/replay` (feed-replay.routes.ts, with a reason in the staff audit).
 * In development and tests, the receiver simulator too (REGULATOR_FEED_SIMULATOR,
 * `/testing/regulator-feed/receiver`: POST a batch, GET what it got). docs/decisions/042.
 */
import {
  FeedReceiverAccepted,
  FeedReceiverRefusal,
  FeedReceiverSummary,
  FeedStatusResponse,
} from '@mchezo/contracts/regulator-feed';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http.js';
import type { RequireStaff, StaffOf } from '../staff/staff.service.js';
import { FEED_SIGNATURE_HEADER } from './feed-format.js';
import { FEED_SIMULATOR_PATH } from './feed-target.js';
import type { RegulatorFeedService } from './regulator-feed.service.js';

const tags = ['regulator-feed'];
const security = [{ bearer: [] }];

export const regulatorFeedRoutes: FastifyPluginAsyncZod<{
  feed: RegulatorFeedService;
  requireStaff: RequireStaff;
  staffOf: StaffOf;
}> = async (app, { feed, requireStaff }) => {
  const requireCompliance = requireStaff('compliance');

  app.get(
    '/regulator-feed/status',
    {
      onRequest: requireCompliance,
      schema: { tags, security, response: { 200: FeedStatusResponse, ...errorResponses(401, 403) } },
    },
    async () => feed.status(),
  );

  const simulator = feed.simulator;
  if (!simulator) return;
  app.post(
    FEED_SIMULATOR_PATH,
    {
      // The largest batch the sender makes (docs/decisions/063), not the API's 16 KiB.
      bodyLimit: feed.maxBatchBytes,
      schema: {
        hide: true,
        // The signature is checked over the raw body before anything reads it (as a receiver does).
        body: z.unknown(),
        // The simulator answers as a receiver would: 200, 400, 401 (bad signature), 413, 500, 503
        // (a failure asked for).
        response: {
          200: FeedReceiverAccepted,
          400: FeedReceiverRefusal,
          401: FeedReceiverRefusal,
          413: FeedReceiverRefusal,
          500: FeedReceiverRefusal,
          503: FeedReceiverRefusal,
        },
      },
    },
    async (request, reply) => {
      const signature = request.headers[FEED_SIGNATURE_HEADER];
      const answer = await simulator.receive(
        request.rawBody ?? '',
        typeof signature === 'string' ? signature : undefined,
      );
      return reply.code(answer.status).send(answer.body);
    },
  );
  app.get(FEED_SIMULATOR_PATH, { schema: { hide: true, response: { 200: FeedReceiverSummary } } }, async () =>
    simulator.summary(),
  );
};
