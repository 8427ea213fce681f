import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http.js';
import type { SimulatorPaymentProvider } from './simulator.js';

const PhoneBody = z.strictObject({ phone_number: z.string().regex(/^\+[1-9]\d{7,14}$/, 'an E.164 phone') });

/**
 * Test control of the simulator (SIMULATOR_TEST_CONTROL, refused by env.ts outside NODE_ENV=test):
 * a browser test holds its player's payments, sees them pending for as long as it needs, then
 * settles them itself instead of racing the simulator's delay.
 */
export const simulatorTestRoutes: FastifyPluginAsyncZod<{ simulator: SimulatorPaymentProvider }> = async (
  app,
  { simulator },
) => {
  const schema = { hide: true, body: PhoneBody };
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
    { schema: { ...schema, response: { 200: z.object({ settled: z.number() }), ...errorResponses(400) } } },
    async (request) => ({ settled: await simulator.settlePhone(request.body.phone_number) }),
  );
};
