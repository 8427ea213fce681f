/**
 * `/api/v1/payments/review…`: the operators' review queue (401 without a token, 403 without the
 * payments_operator role, granted from OPERATOR_PHONES). Every resolution needs a note and is
 * audited (`GET /payments/audit`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../lib/errors.js';
import { authOf, errorResponses, type PreHandler } from '../../lib/http.js';
import { isPaymentsOperator } from '../auth/roles.service.js';
import { PaybillService } from './paybill.service.js';
import { ReviewService } from './review.service.js';
import { TaxReportService, taxReportCsv } from './tax-report.service.js';

const tags = ['payments'];
const security = [{ bearer: [] }];
const Id = z.string().regex(/^[0-9a-f-]{8,64}$/, 'must be an id');
const Note = z.string().trim().min(3, 'Say why in a note (3 characters or more)').max(500);
const Limit = z.strictObject({ limit: z.coerce.number().int().min(1).max(200).default(50) });

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
const TaxReportQuery = z.strictObject({
  period: z.enum(['day', 'month']).default('day'),
  from: Day,
  to: Day,
  format: z.enum(['json', 'csv']).default('json'),
});

const ResolveTransaction = z.strictObject({ outcome: z.enum(['completed', 'failed']), note: Note });
const ResolveCallback = z.strictObject({ note: Note });
const AssignPaybill = z.strictObject({ account_number: z.string().trim().min(1).max(32), note: Note });

export const reviewRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  requireAuth: PreHandler;
}> = async (app, { ctx, requireAuth }) => {
  const review = new ReviewService(ctx);
  const paybill = new PaybillService(ctx);
  const taxReport = new TaxReportService(ctx);
  const requireOperator: PreHandler = async (request, reply) => {
    await requireAuth(request, reply);
    if (!(await isPaymentsOperator(ctx, authOf(request).userId)))
      throw forbidden('Only payments operators may do this', 'PAYMENTS_OPERATOR_REQUIRED');
  };
  const actor = (request: Parameters<PreHandler>[0]) => authOf(request).phone;

  app.get(
    '/payments/review',
    {
      preHandler: requireOperator,
      schema: {
        tags,
        security,
        querystring: Limit,
        response: { 200: z.unknown(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      ...(await review.list(request.query.limit)),
      // Paybill payments no player's account number matched (suspense), oldest first.
      paybill: await paybill.suspense(request.query.limit),
    }),
  );

  app.get(
    '/payments/tax-report',
    {
      preHandler: requireOperator,
      schema: {
        tags,
        security,
        querystring: TaxReportQuery,
        response: { 200: z.unknown(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const report = await taxReport.report(query);
      if (format === 'json') return report;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tax-report-${query.from}-${query.to}.csv"`)
        .send(taxReportCsv(report));
    },
  );

  app.get(
    '/payments/audit',
    {
      preHandler: requireOperator,
      schema: {
        tags,
        security,
        querystring: Limit,
        response: { 200: z.unknown(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => review.audit(request.query.limit),
  );

  app.post(
    '/payments/review/transactions/:id/resolve',
    {
      preHandler: requireOperator,
      schema: {
        tags,
        security,
        params: z.strictObject({ id: Id }),
        body: ResolveTransaction,
        response: {
          200: z.object({ transaction_id: z.string(), status: z.string(), adjustment: z.number() }),
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => review.resolveTransaction(actor(request), request.params.id, request.body),
  );

  app.post(
    '/payments/review/callbacks/:id/resolve',
    {
      preHandler: requireOperator,
      schema: {
        tags,
        security,
        params: z.strictObject({ id: Id }),
        body: ResolveCallback,
        response: {
          200: z.object({ callback_id: z.string(), resolved: z.boolean() }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => review.resolveCallback(actor(request), request.params.id, request.body.note),
  );

  app.post(
    '/payments/review/paybill/:id/assign',
    {
      preHandler: requireOperator,
      schema: {
        tags,
        security,
        params: z.strictObject({ id: Id }),
        body: AssignPaybill,
        response: {
          200: z.object({ paybill_id: z.string(), status: z.string(), transaction_id: z.string() }),
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request) =>
      paybill.assign(actor(request), request.params.id, request.body.account_number, request.body.note),
  );

  app.post(
    '/payments/paybill/register-urls',
    {
      preHandler: requireOperator,
      schema: { tags, security, response: { 200: z.unknown(), ...errorResponses(401, 403, 422) } },
    },
    async () => paybill.registerUrls(),
  );
};
