import {
  SimulatorPaybillRequest,
  SimulatorPaybillResponse,
  SimulatorPhoneRequest,
  SimulatorSettleResponse,
} from '@mchezo/contracts/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http.js';
import { darajaTimestamp } from './daraja.js';
import type { SimulatorPaymentProvider } from './simulator.js';

const receiptId = () =>
  `T${Array.from({ length: 9 }, () => '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'[Math.floor(Math.random() * 34)]).join('')}`;

/**
 * Test control of the simulator (SIMULATOR_TEST_CONTROL, refused by env.ts outside NODE_ENV=test or
 * development; `npm start` turns it on to fake a Paybill payment):
 * a browser test holds its player's payments, sees them pending for as long as it needs, then
 * settles them itself instead of racing the simulator's delay; and it pays by Paybill, posting
 * the confirmation Daraja would to the real confirmation route (secret and all).
 */
/** What the Paybill control needs to post as M-Pesa would: the callback secret and our paybill. */
interface PaybillCallbackConfig {
  PAYMENT_CALLBACK_SECRET: string;
  MPESA_PAYBILL_NUMBER?: string | undefined;
  DARAJA_SHORTCODE: string;
}

export const simulatorTestRoutes: FastifyPluginAsyncZod<{
  simulator: SimulatorPaymentProvider;
  env: PaybillCallbackConfig;
}> = async (app, { simulator, env }) => {
  const schema = { hide: true, body: SimulatorPhoneRequest };
  app.post(
    '/testing/simulator/hold',
    { schema: { ...schema, response: { 204: z.null(), ...errorResponses(400) } } },
    async (request, reply) => {
      simulator.hold(request.body.phone_number);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/testing/simulator/settle',
    { schema: { ...schema, response: { 200: SimulatorSettleResponse, ...errorResponses(400) } } },
    async (request) => ({ settled: await simulator.settlePhone(request.body.phone_number) }),
  );
  app.post(
    '/testing/simulator/paybill',
    {
      schema: {
        hide: true,
        body: SimulatorPaybillRequest,
        response: { 200: SimulatorPaybillResponse, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const transId = b.trans_id ?? receiptId();
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/payments/c2b/${simulator.name}/${env.PAYMENT_CALLBACK_SECRET}/confirmation`,
        payload: {
          TransactionType: 'Pay Bill',
          TransID: transId,
          TransTime: darajaTimestamp(new Date()),
          TransAmount: b.amount.toFixed(2),
          BusinessShortCode: b.short_code ?? env.MPESA_PAYBILL_NUMBER ?? env.DARAJA_SHORTCODE,
          BillRefNumber: b.account_number,
          InvoiceNumber: '',
          OrgAccountBalance: '',
          ThirdPartyTransID: '',
          MSISDN: b.phone_number.replace(/^\+/, ''),
          FirstName: 'John',
        },
      });
      return reply.code(res.statusCode as 200).send({ trans_id: transId, answer: res.json() });
    },
  );
};
