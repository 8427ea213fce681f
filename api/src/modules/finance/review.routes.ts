/**
 * `/api/v1/finance/review…`: the operators' review queue (401 without a token, 403 without the
 * finance role, granted from FINANCE_PHONES or by an administrator). Every resolution needs a
 * note and is audited (`GET /finance/audit`). The same role reads the tax report and the tax
 * rates by date (`/finance/tax-rates`) and schedules a change of rate, with a note, audited too.
 */
import {
  AssignPaybillRequest,
  AssignPaybillResponse,
  CancelTaxRateRequest,
  CancelTaxRateResponse,
  FinanceAuditResponse,
  OperatorListQuery,
  RegisterC2bUrlsResponse,
  ResolveCallbackRequest,
  ResolveCallbackResponse,
  ResolveTransactionRequest,
  ResolveTransactionResponse,
  ReviewItemParams,
  ReviewQueueResponse,
  ScheduleTaxRateRequest,
  TaxRate,
  TaxRateParams,
  TaxRatesResponse,
  TaxReportQuery,
  TaxReportResponse,
} from '@mchezo/contracts/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardedRoute, type PreHandler } from '../../lib/http.js';
import type { RequireStaff, StaffOf } from '../staff/staff.service.js';
import type { PaybillSuspenseService } from './paybill-suspense.service.js';
import type { ReviewService } from './review.service.js';
import type { TaxRatesService } from './tax-rates.service.js';
import { type TaxReportService, taxReportCsv } from './tax-report.service.js';

export const reviewRoutes: FastifyPluginAsyncZod<{
  review: ReviewService;
  paybill: PaybillSuspenseService;
  taxReport: TaxReportService;
  taxRates: TaxRatesService;
  requireStaff: RequireStaff;
  staffOf: StaffOf;
}> = async (app, { review, paybill, taxReport, taxRates, requireStaff, staffOf }) => {
  const operator = guardedRoute(requireStaff('finance'), ['finance']);
  const actor = (request: Parameters<PreHandler>[0]) => {
    const { userId, phone } = staffOf(request);
    return { userId, phone, ip: request.ip };
  };

  app.get(
    '/finance/review',
    operator({ querystring: OperatorListQuery }, { 200: ReviewQueueResponse }, [400]),
    async (request) => ({
      ...(await review.list(request.query.limit)),
      // Paybill payments no player's account number matched (suspense), oldest first.
      paybill: await paybill.suspense(request.query.limit),
    }),
  );

  app.get(
    '/finance/tax-report',
    // The report as JSON, or its CSV text (format=csv).
    operator({ querystring: TaxReportQuery }, { 200: z.union([TaxReportResponse, z.string()]) }, [400]),
    async (request, reply) => {
      const { format, by, ...query } = request.query;
      const report = await taxReport.report(query);
      if (format === 'json') return report;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tax-report-${query.from}-${query.to}.csv"`)
        .send(taxReportCsv(report, by));
    },
  );

  app.get('/finance/tax-rates', operator({}, { 200: TaxRatesResponse }), async () => taxRates.list());

  app.post(
    '/finance/tax-rates',
    operator({ body: ScheduleTaxRateRequest }, { 201: TaxRate }, [400, 409, 422]),
    async (request, reply) => reply.code(201).send(await taxRates.schedule(actor(request), request.body)),
  );

  app.post(
    '/finance/tax-rates/:id/cancel',
    operator(
      { params: TaxRateParams, body: CancelTaxRateRequest },
      { 200: CancelTaxRateResponse },
      [400, 404, 409],
    ),
    async (request) => taxRates.cancel(actor(request), request.params.id, request.body.note),
  );

  app.get(
    '/finance/audit',
    operator({ querystring: OperatorListQuery }, { 200: FinanceAuditResponse }, [400]),
    async (request) => review.audit(request.query.limit),
  );

  app.post(
    '/finance/review/transactions/:id/resolve',
    operator(
      { params: ReviewItemParams, body: ResolveTransactionRequest },
      { 200: ResolveTransactionResponse },
      [400, 404, 409, 422],
    ),
    async (request) => review.resolveTransaction(actor(request), request.params.id, request.body),
  );

  app.post(
    '/finance/review/callbacks/:id/resolve',
    operator(
      { params: ReviewItemParams, body: ResolveCallbackRequest },
      { 200: ResolveCallbackResponse },
      [400, 404, 409],
    ),
    async (request) => review.resolveCallback(actor(request), request.params.id, request.body.note),
  );

  app.post(
    '/finance/review/paybill/:id/assign',
    operator(
      { params: ReviewItemParams, body: AssignPaybillRequest },
      { 200: AssignPaybillResponse },
      [400, 404, 409, 422],
    ),
    async (request) => {
      const { account_number: account, player_id: playerId, note } = request.body;
      // The schema lets exactly one of the two through.
      const to = account === undefined ? { playerId: playerId as string } : { account };
      return paybill.assign(actor(request), request.params.id, to, note);
    },
  );

  app.post(
    '/finance/paybill/register-urls',
    operator({}, { 200: RegisterC2bUrlsResponse }, [422]),
    async () => paybill.registerUrls(),
  );
};
