/**
 * `/api/v1/finance/…` (api/README.md "Finance (staff)", docs/decisions/055): manual
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
import { guardedRoute, type PreHandler } from '../../lib/http.js';
import type { AdjustmentService } from './adjustments.service.js';
import { type FinanceReportService, financeReportCsv } from './finance-report.service.js';

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export const financeRoutes: FastifyPluginAsyncZod<{
  adjustments: AdjustmentService;
  report: FinanceReportService;
  requireStaff: (...roles: StaffRoleName[]) => PreHandler;
  staffOf: (request: FastifyRequest) => { userId: string };
}> = async (app, { adjustments, report, requireStaff, staffOf }) => {
  const finance = guardedRoute(requireStaff('finance'), ['finance']);
  const actor = (request: FastifyRequest) => ({ userId: staffOf(request).userId, ip: request.ip });
  const decision = { params: AdjustmentParams, body: DecideAdjustmentRequest };

  app.post(
    '/finance/adjustments',
    finance({ body: ProposeAdjustmentRequest }, { 201: Adjustment }, [400, 404]),
    async (request, reply) => reply.code(201).send(await adjustments.propose(actor(request), request.body)),
  );

  app.get(
    '/finance/adjustments',
    finance({ querystring: AdjustmentListQuery }, { 200: AdjustmentListResponse }, [400]),
    async (request, reply) => noStore(reply).send(await adjustments.list(request.query)),
  );

  app.post(
    '/finance/adjustments/:id/approve',
    finance(decision, { 200: Adjustment }, [400, 404, 409, 422]),
    async (request) => adjustments.approve(actor(request), request.params.id, request.body.reason),
  );

  app.post(
    '/finance/adjustments/:id/reject',
    finance(decision, { 200: Adjustment }, [400, 404, 409]),
    async (request) => adjustments.reject(actor(request), request.params.id, request.body.reason),
  );

  app.get(
    '/finance/players',
    finance({ querystring: FinancePlayerQuery }, { 200: FinancePlayersResponse }, [400]),
    async (request, reply) => noStore(reply).send(await adjustments.findPlayers(request.query.q)),
  );

  app.get(
    '/finance/report',
    finance({ querystring: FinanceReportQuery }, { 200: FinanceReportResponse }, [400]),
    async (request, reply) => noStore(reply).send(await report.report(request.query)),
  );

  app.get(
    '/finance/report.csv',
    finance({ querystring: FinanceReportQuery }, { 200: z.string() }, [400]),
    async (request, reply) => {
      const { period, from, to } = request.query;
      return noStore(reply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="finance-${period}-${from}-${to}.csv"`)
        .send(financeReportCsv(await report.report(request.query)));
    },
  );
};
