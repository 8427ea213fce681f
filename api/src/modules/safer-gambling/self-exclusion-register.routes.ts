/**
 * `/api/v1/staff/self-exclusions` and `.csv` (api/README.md "Compliance (staff)"): the
 * self-exclusion register for compliance. Two-factor staff routes (`requireStaff('compliance')`);
 * answers are `no-store` (personal data).
 */
import type { StaffRoleName } from '@mchezo/contracts/staff';
import { SelfExclusionsQuery, SelfExclusionsResponse } from '@mchezo/contracts/staff-compliance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, type PreHandler } from '../../lib/http.js';
import type { SelfExclusionRegister } from './self-exclusion-register.service.js';

const tags = ['staff', 'compliance'];
const security = [{ bearer: [] }];

export const selfExclusionRegisterRoutes: FastifyPluginAsyncZod<{
  register: SelfExclusionRegister;
  requireStaff: (...roles: StaffRoleName[]) => PreHandler;
}> = async (app, { register, requireStaff }) => {
  const compliance = requireStaff('compliance');

  app.get(
    '/staff/self-exclusions',
    {
      onRequest: compliance,
      schema: {
        tags,
        security,
        querystring: SelfExclusionsQuery,
        response: { 200: SelfExclusionsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await register.page(request.query)),
  );

  app.get(
    '/staff/self-exclusions.csv',
    {
      onRequest: compliance,
      schema: {
        tags,
        security,
        querystring: SelfExclusionsQuery,
        response: { 200: z.string(), ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="self-exclusion-register.csv"')
        .send(await register.csv(request.query)),
  );
};
