import { CallbackAck, CallbackParams, CallbackTxParams } from '@mchezo/contracts/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { refuse } from '../../lib/errors.js';
import { errorResponses } from '../../lib/http.js';
import { callbackGuard } from './callback-guard.js';
import type { SettlementService } from './settlement.service.js';
import type { WalletConfig } from './wallet.config.js';

/**
 * Provider → server callbacks: `/<kind>` or `/<kind>/<transaction id>`. The secret in the path
 * (and, when configured, the caller's address) authenticates the caller (callback-guard.ts;
 * providers such as Daraja cannot sign their callbacks); bodies keep
 * the provider's own shape, so they are read by the adapter rather than a strict schema.
 * Settling is idempotent; a callback that settles nothing is kept for review and answered 200
 * all the same (a non-200 answer only makes the provider send it again).
 */
export const paymentCallbackRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  config: WalletConfig;
  settlement: SettlementService;
}> = async (app, { ctx, config, settlement }) => {
  // The guard runs first (onRequest): nothing is parsed or read for a refused caller.
  const guarded = { onRequest: callbackGuard(config), config: { secretParams: ['secret'] } };
  const schema = {
    tags: ['payments'],
    body: z.unknown(),
    response: { 200: CallbackAck, ...errorResponses(400, 403, 404) },
  };
  const handle = async (params: CallbackParams, body: unknown, tx?: string) => {
    if (params.provider !== ctx.payments.name) throw refuse('NOT_FOUND', 'Unknown provider');
    // The same settlement the in-process simulator calls.
    await settlement.settleCallback(params.kind, body, tx);
    // The adapter's acknowledgement is JSON it builds (payment-provider.ts callbackAck).
    return ctx.payments.callbackAck() as CallbackAck;
  };
  app.post(
    '/payments/callbacks/:provider/:secret/:kind',
    { ...guarded, schema: { ...schema, params: CallbackParams } },
    (request) => handle(request.params, request.body),
  );
  app.post(
    '/payments/callbacks/:provider/:secret/:kind/:tx',
    { ...guarded, schema: { ...schema, params: CallbackTxParams } },
    (request) => handle(request.params, request.body, request.params.tx),
  );
};
