/**
 * `/api/v1/staff/…` for administrators (docs/decisions/052-staff-accounts-two-factors.md,
 * api/README.md "Staff"): people and their roles (granted by two administrators where the role
 * moves money, docs/decisions/065), enrolment codes, authenticators, sessions and the staff audit.
 */
import {
  GrantStaffRoleRequest,
  IssueEnrolmentRequest,
  IssueEnrolmentResponse,
  PendingRoleGrantsResponse,
  RoleGrantParams,
  StaffAuditCsvQuery,
  StaffAuditQuery,
  StaffAuditResponse,
  StaffMember,
  StaffPeopleQuery,
  StaffPeopleResponse,
  StaffPersonParams,
  StaffReasonRequest,
  StaffRoleParams,
  StaffSessionParams,
  StaffSessionsResponse,
} from '@mchezo/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, type PreHandler } from '../../lib/http.js';
import { parsePhone } from '../auth/auth.service.js';
import { staffGuard, staffOf } from './staff.guard.js';
import type { StaffService } from './staff.service.js';

const tags = ['staff'];
const security = [{ bearer: [] }];

export const staffAdminRoutes: FastifyPluginAsyncZod<{
  staff: StaffService;
  requireAuth: PreHandler;
}> = async (app, { staff: service, requireAuth }) => {
  const { sessions: staff, enrolment, roles, audit } = service;
  const requireAdmin = staffGuard(service, requireAuth)('admin');
  const actor = (request: Parameters<PreHandler>[0]) => ({ userId: staffOf(request).userId, ip: request.ip });

  app.get(
    '/staff/people',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security,
        querystring: StaffPeopleQuery,
        response: { 200: StaffPeopleResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { phone } = request.query;
      return { people: await roles.people(phone === undefined ? undefined : parsePhone(phone)) };
    },
  );

  app.post(
    '/staff/people/:user_id/roles',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security,
        params: StaffPersonParams,
        body: GrantStaffRoleRequest,
        // 202: a finance or admin grant waits for a second administrator (docs/decisions/065).
        response: { 200: StaffMember, 202: StaffMember, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { member, pending } = await roles.grantRole(
        actor(request),
        request.params.user_id,
        request.body.role,
        request.body.reason,
      );
      return reply.code(pending ? 202 : 200).send(member);
    },
  );

  app.get(
    '/staff/role-grants',
    {
      onRequest: requireAdmin,
      schema: { tags, security, response: { 200: PendingRoleGrantsResponse, ...errorResponses(401, 403) } },
    },
    async () => ({ grants: await roles.pendingGrants() }),
  );

  for (const decision of ['confirm', 'cancel'] as const)
    app.post(
      `/staff/role-grants/:grant_id/${decision}`,
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          security,
          params: RoleGrantParams,
          body: StaffReasonRequest,
          response: { 200: StaffMember, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        decision === 'confirm'
          ? roles.confirmGrant(actor(request), request.params.grant_id, request.body.reason)
          : roles.cancelGrant(actor(request), request.params.grant_id, request.body.reason),
    );

  app.delete(
    '/staff/people/:user_id/roles/:role',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security,
        params: StaffRoleParams,
        body: StaffReasonRequest,
        response: { 200: StaffMember, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      roles.removeRole(actor(request), request.params.user_id, request.params.role, request.body.reason),
  );

  app.post(
    '/staff/people/:user_id/enrolment',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security,
        params: StaffPersonParams,
        body: IssueEnrolmentRequest,
        response: { 201: IssueEnrolmentResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const body = await enrolment.issueCode(actor(request), request.params.user_id, request.body.reason);
      return reply.code(201).header('cache-control', 'no-store').send(body);
    },
  );

  app.delete(
    '/staff/people/:user_id/totp',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security,
        params: StaffPersonParams,
        body: StaffReasonRequest,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await roles.resetTwoFactor(actor(request), request.params.user_id, request.body.reason);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/staff/people/:user_id/sessions',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security,
        params: StaffPersonParams,
        response: { 200: StaffSessionsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ sessions: await staff.sessionsOf(request.params.user_id) }),
  );

  app.delete(
    '/staff/sessions/:session_id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security,
        params: StaffSessionParams,
        body: StaffReasonRequest,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await staff.endSession(actor(request), request.params.session_id, request.body.reason);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/staff/audit',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security,
        querystring: StaffAuditQuery,
        response: { 200: StaffAuditResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => audit.list(request.query),
  );

  app.get(
    '/staff/audit.csv',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security,
        querystring: StaffAuditCsvQuery,
        response: { 200: z.string(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="staff-audit.csv"')
        .send(await audit.csv(request.query)),
  );
};
