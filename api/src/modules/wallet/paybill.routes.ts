import { C2bAnswer, C2bParams } from '@mchezo/contracts/payments';
import { PaybillResponse } from '@mchezo/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { refuse } from '../../lib/errors.js';
import { authOf, errorResponses, type PreHandler } from '../../lib/http.js';
import { callbackGuard } from './callback-guard.js';
import { C2B_ACCEPTED, type PaybillService } from './paybill.service.js';
import type { WalletConfig } from './wallet.config.js';

/**
 * Paybill deposits (docs/product-rules.md#deposit): the player's paybill and account number, and
 * the C2B URLs M-Pesa calls (`/payments/c2b/<provider>/<secret>/<validation|confirmation>`),
 * authenticated like the other payment callbacks (callback-guard.ts: the caller's address when
 * configured, the secret in the path).
 */
export const paybillRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  config: WalletConfig;
  paybill: PaybillService;
  requireAuth: PreHandler;
  /** The account number is shown only to a player whose identity is confirmed. */
  requireIdentity: PreHandler;
}> = async (app, { ctx, config, paybill, requireAuth, requireIdentity }) => {
  app.get(
    '/wallet/paybill',
    {
      onRequest: requireAuth,
      preHandler: requireIdentity,
      schema: {
        tags: ['wallet'],
        security: [{ bearer: [] }],
        response: { 200: PaybillResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => paybill.details(authOf(request).userId),
  );

  app.post(
    '/payments/c2b/:provider/:secret/:kind',
    {
      onRequest: callbackGuard(config),
      config: { secretParams: ['secret'] },
      schema: {
        tags: ['payments'],
        params: C2bParams,
        body: z.unknown(),
        response: { 200: C2bAnswer, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const { provider, kind } = request.params;
      if (provider !== ctx.payments.name) throw refuse('NOT_FOUND', 'Unknown provider');
      if (kind === 'validation') return paybill.validate(request.body);
      await paybill.confirm(request.body);
      return C2B_ACCEPTED;
    },
  );
};
