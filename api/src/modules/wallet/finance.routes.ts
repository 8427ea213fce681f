/**
 * `/api/v1/staff/…` for finance (api/README.md "Finance (staff)", docs/decisions/055): manual
 * adjustments with four eyes, the finance report (JSON and CSV) and the look-up of a player by
 * phone or Paybill account number. Every route is a two-factor staff route for the finance role
 * (`requireStaff('finance')`, modules/staff, handed over by app.ts), checked before the body is read.
 */
import type { StaffRoleName } from '@mchezo/contracts/staff';
import {
  Adjustment,
  AdjustmentListQuery,
  AdjustmentListResponse,
  AdjustmentParams,
  DecideAdjustmentRequest,
  FinancePlayerQuery,
  FinancePlayersResponse,
  FinanceReportQuery,
  FinanceReportResponse,
  ProposeAdjustmentRequest,
} from '@mchezo/contracts/staff-finance';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, type PreHandler } from '../../lib/http.js';
import type { AdjustmentService } from './adjustments.service.js';
import { type FinanceReportService, financeReportCsv } from './finance-report.service.js';

const tags = ['staff', 'finance'];
const security = [{ bearer: [] }];
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export const financeRoutes: FastifyPluginAsyncZod<{
  adjustments: AdjustmentService;
  report: FinanceReportService;
  requireStaff: (...roles: StaffRoleName[]) => PreHandler;
  staffOf: (request: FastifyRequest) => { userId: string };
}> = async (app, { adjustments, report, requireStaff, staffOf }) => {
  const finance = requireStaff('finance');
  const actor = (request: FastifyRequest) => ({ userId: staffOf(request).userId, ip: request.ip });

  app.post(
    '/staff/adjustments',
    {
      onRequest: finance,
      schema: {
        tags,
        security,
        body: ProposeAdjustmentRequest,
        response: { 201: Adjustment, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.code(201).send(await adjustments.propose(actor(request), request.body)),
  );

  app.get(
    '/staff/adjustments',
    {
      onRequest: finance,
      schema: {
        tags,
        security,
        querystring: AdjustmentListQuery,
        response: { 200: AdjustmentListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => noStore(reply).send(await adjustments.list(request.query)),
  );

  app.post(
    '/staff/adjustments/:id/approve',
    {
      onRequest: finance,
      schema: {
        tags,
        security,
        params: AdjustmentParams,
        body: DecideAdjustmentRequest,
        response: { 200: Adjustment, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => adjustments.approve(actor(request), request.params.id, request.body.reason),
  );

  app.post(
    '/staff/adjustments/:id/reject',
    {
      onRequest: finance,
      schema: {
        tags,
        security,
        params: AdjustmentParams,
        body: DecideAdjustmentRequest,
        response: { 200: Adjustment, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => adjustments.reject(actor(request), request.params.id, request.body.reason),
  );

  app.get(
    '/staff/finance/players',
    {
      onRequest: finance,
      schema: {
        tags,
        security,
        querystring: FinancePlayerQuery,
        response: { 200: FinancePlayersResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => noStore(reply).send(await adjustments.findPlayers(request.query.q)),
  );

  app.get(
    '/staff/finance/report',
    {
      onRequest: finance,
      schema: {
        tags,
        security,
        querystring: FinanceReportQuery,
        response: { 200: FinanceReportResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => noStore(reply).send(await report.report(request.query)),
  );

  app.get(
    '/staff/finance/report.csv',
    {
      onRequest: finance,
      schema: {
        tags,
        security,
        querystring: FinanceReportQuery,
        response: { 200: z.string(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { period, from, to } = request.query;
      return noStore(reply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="finance-${period}-${from}-${to}.csv"`)
        .send(financeReportCsv(await report.report(request.query)));
    },
  );
};
