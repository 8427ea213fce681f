import {
  DepositLimitsRequest,
  LossLimitsRequest,
  RealityCheckRequest,
  SaferGamblingResponse,
  SelfExclusionRequest,
  StakeLimitRequest,
  StatementQuery,
  StatementResponse,
  TimeOutRequest,
} from '@mchezo/contracts/safer-gambling';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, errorResponses, type PreHandler } from '../../lib/http.js';
import type { SaferGamblingService } from './safer-gambling.service.js';

const tags = ['safer-gambling'];
const security = [{ bearer: [] }];

/** The player's own safer-gambling tools (docs/product-rules.md#safer-gambling). */
export const saferGamblingRoutes: FastifyPluginAsyncZod<{
  safer: SaferGamblingService;
  requireAuth: PreHandler;
}> = async (app, { safer, requireAuth }) => {
  app.addHook('onRequest', requireAuth);
  const answer = { 200: SaferGamblingResponse, ...errorResponses(400, 401, 403) };

  app.get('/safer-gambling', { schema: { tags, security, response: answer } }, async (request) =>
    safer.overview(authOf(request).userId),
  );

  app.put(
    '/safer-gambling/deposit-limits',
    { schema: { tags, security, body: DepositLimitsRequest, response: answer } },
    async (request) => safer.setDepositLimits(authOf(request).userId, request.body),
  );

  app.put(
    '/safer-gambling/loss-limits',
    { schema: { tags, security, body: LossLimitsRequest, response: answer } },
    async (request) => safer.setLossLimits(authOf(request).userId, request.body),
  );

  app.put(
    '/safer-gambling/stake-limit',
    { schema: { tags, security, body: StakeLimitRequest, response: answer } },
    async (request) => safer.setStakeLimit(authOf(request).userId, request.body),
  );

  app.post(
    '/safer-gambling/time-out',
    {
      schema: {
        tags,
        security,
        body: TimeOutRequest,
        response: { ...answer, ...errorResponses(409) },
      },
    },
    async (request) => safer.timeOut(authOf(request).userId, request.body.length),
  );

  app.post(
    '/safer-gambling/self-exclusion',
    {
      schema: {
        tags,
        security,
        body: SelfExclusionRequest,
        response: { ...answer, ...errorResponses(409) },
      },
    },
    async (request) => safer.selfExclude(authOf(request).userId, request.body.length),
  );

  app.put(
    '/safer-gambling/reality-check',
    { schema: { tags, security, body: RealityCheckRequest, response: answer } },
    async (request) => safer.setRealityCheck(authOf(request).userId, request.body),
  );

  app.get(
    '/safer-gambling/statement',
    {
      schema: {
        tags,
        security,
        querystring: StatementQuery,
        response: { 200: StatementResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => safer.statement(authOf(request).userId, request.query),
  );
};
