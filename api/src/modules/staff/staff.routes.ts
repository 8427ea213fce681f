/**
 * `/api/v1/staff/…` (docs/decisions/052-staff-accounts-two-factors.md, api/README.md "Staff"):
 * a staff member's own: enrolment of the authenticator (signed in with the password), the
 * two-factor staff sign-in and the staff session. What administrators do is staff-admin.routes.ts.
 * Every staff route but enrolment and sign-in goes through `requireStaff` (staff.guard.ts).
 */
import {
  StaffEmptyRequest,
  StaffMeResponse,
  StaffSignInRequest,
  StaffSignInResponse,
  TotpConfirmRequest,
  TotpConfirmResponse,
  TotpEnrolRequest,
  TotpEnrolResponse,
} from '@mchezo/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, errorResponses, type PreHandler } from '../../lib/http.js';
import { parsePhone } from '../auth/auth.service.js';
import { staffGuard, staffOf } from './staff.guard.js';
import type { StaffService } from './staff.service.js';
import type { StaffLimiter } from './staff.types.js';
import { staffDeviceOf } from './staff-device.js';

const tags = ['staff'];
const security = [{ bearer: [] }];

export const staffRoutes: FastifyPluginAsyncZod<{
  staff: StaffService;
  limiter: StaffLimiter;
  requireAuth: PreHandler;
}> = async (app, { staff: service, limiter, requireAuth }) => {
  const { sessions: staff, enrolment } = service;
  const requireStaff = staffGuard(service, requireAuth);

  app.post(
    '/staff/totp/enrol',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        body: TotpEnrolRequest,
        response: { 201: TotpEnrolResponse, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const body = await enrolment.enrol(
        { userId: authOf(request).userId, ip: request.ip },
        request.body?.enrolment_code,
      );
      return reply.code(201).header('cache-control', 'no-store').send(body);
    },
  );

  app.post(
    '/staff/totp/confirm',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        body: TotpConfirmRequest,
        response: { 200: TotpConfirmResponse, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const { confirmed_at } = await enrolment.confirm(
        { userId: authOf(request).userId, ip: request.ip },
        request.body.code,
      );
      return { enrolled: true as const, confirmed_at };
    },
  );

  app.post(
    '/staff/sign-in',
    {
      schema: {
        tags,
        body: StaffSignInRequest,
        response: { 200: StaffSignInResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const phone = parsePhone(request.body.phone);
      await limiter.hit('staff_sign_in', request.ip, null);
      const { password, code, recovery_code } = request.body;
      const device = staffDeviceOf(request, reply);
      const body = await staff.signIn({ phone, password, code, recoveryCode: recovery_code }, device);
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  app.get(
    '/staff/me',
    {
      onRequest: requireStaff(),
      schema: { tags, security, response: { 200: StaffMeResponse, ...errorResponses(401, 403) } },
    },
    async (request) => staff.me(staffOf(request)),
  );

  app.post(
    '/staff/sign-out',
    {
      onRequest: requireStaff(),
      schema: {
        tags,
        security,
        body: StaffEmptyRequest,
        response: { 204: z.null(), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await staff.signOut(staffOf(request), request.ip);
      return reply.code(204).send(null);
    },
  );
};
