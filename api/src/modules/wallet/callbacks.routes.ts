import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CallbackKind } from '../../adapters/payments/payment-provider.js';
import type { AppContext } from '../../context.js';
import { safeEqual } from '../../lib/crypto.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { errorResponses } from '../../lib/http.js';
import type { PaymentsService } from './payments.service.js';

const Params = z.strictObject({
  provider: z.string().max(32),
  secret: z.string().max(200),
  kind: z.enum(['deposit', 'payout', 'payout-timeout']),
});

/**
 * Provider → server callbacks. The secret in the path authenticates the caller (providers such
 * as Daraja cannot sign their callbacks); bodies keep the provider's own shape, so they are
 * read by the adapter rather than a strict schema. Settling is idempotent.
 */
export const paymentCallbackRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  payments: PaymentsService;
}> = async (app, { ctx, payments }) => {
  app.post(
    '/payments/callbacks/:provider/:secret/:kind',
    {
      schema: {
        tags: ['payments'],
        params: Params,
        body: z.unknown(),
        response: { 200: z.unknown(), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const { provider, secret, kind } = request.params;
      if (!safeEqual(secret, ctx.env.PAYMENT_CALLBACK_SECRET))
        throw forbidden('Invalid callback', 'INVALID_CALLBACK');
      if (provider !== ctx.payments.name) throw notFound('Unknown provider');
      // The same settlement the in-process simulator calls (PaymentsService.settleCallback).
      const status = await payments.settleCallback(kind as CallbackKind, request.body);
      if (status === null) request.log.warn({ provider, kind }, 'callback for an unknown transaction');
      return ctx.payments.callbackAck();
    },
  );
};
