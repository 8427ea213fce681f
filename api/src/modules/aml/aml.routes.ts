/**
 * `/api/v1/aml/…`: money-laundering alerts, their cases and the reports for the Financial
 * Reporting Centre (401 without a token, 403 without the compliance role, granted from
 * COMPLIANCE_PHONES; docs/decisions/043-money-laundering-monitoring.md). Every step of a case
 * needs a reason and is kept with who made it and when.
 */
import {
  AmlAlertsQuery,
  AmlAlertsResponse,
  AmlCase,
  AmlCaseParams,
  AmlCasesQuery,
  AmlCasesResponse,
  CloseAmlCaseRequest,
  GoamlReportQuery,
  OpenAmlCaseRequest,
  ReviewAmlCaseRequest,
  ThresholdTransactionsQuery,
} from '@mchezo/contracts/aml';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, type PreHandler } from '../../lib/http.js';
import type { RequireStaff, StaffOf } from '../staff/staff.service.js';
import type { AmlCaseService } from './aml-cases.service.js';
import type { AmlReportService } from './aml-reports.service.js';

const tags = ['aml'];
const security = [{ bearer: [] }];

export const amlRoutes: FastifyPluginAsyncZod<{
  aml: AmlCaseService;
  reports: AmlReportService;
  requireStaff: RequireStaff;
  staffOf: StaffOf;
}> = async (app, { aml, reports, requireStaff, staffOf }) => {
  const requireCompliance = requireStaff('compliance');
  const staff = (request: Parameters<PreHandler>[0]) => staffOf(request).userId;

  app.get(
    '/aml/alerts',
    {
      onRequest: requireCompliance,
      schema: {
        tags,
        security,
        querystring: AmlAlertsQuery,
        response: { 200: AmlAlertsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => aml.alerts(request.query),
  );

  app.get(
    '/aml/cases',
    {
      onRequest: requireCompliance,
      schema: {
        tags,
        security,
        querystring: AmlCasesQuery,
        response: { 200: AmlCasesResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => aml.cases(request.query),
  );

  app.post(
    '/aml/cases',
    {
      onRequest: requireCompliance,
      schema: {
        tags,
        security,
        body: OpenAmlCaseRequest,
        response: { 201: AmlCase, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await aml.open(staff(request), request.body.alert_id, request.body.reason)),
  );

  app.get(
    '/aml/cases/:id',
    {
      onRequest: requireCompliance,
      schema: {
        tags,
        security,
        params: AmlCaseParams,
        response: { 200: AmlCase, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => aml.get(request.params.id),
  );

  app.post(
    '/aml/cases/:id/review',
    {
      onRequest: requireCompliance,
      schema: {
        tags,
        security,
        params: AmlCaseParams,
        body: ReviewAmlCaseRequest,
        response: { 200: AmlCase, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => aml.review(staff(request), request.params.id, request.body.reason),
  );

  app.post(
    '/aml/cases/:id/close',
    {
      onRequest: requireCompliance,
      schema: {
        tags,
        security,
        params: AmlCaseParams,
        body: CloseAmlCaseRequest,
        response: { 200: AmlCase, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => aml.close(staff(request), request.params.id, request.body),
  );

  app.get(
    '/aml/cases/:id/goaml',
    {
      onRequest: requireCompliance,
      schema: {
        tags,
        security,
        params: AmlCaseParams,
        querystring: GoamlReportQuery,
        response: { 200: z.string(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { type } = request.query;
      const xml = await reports.goaml(staff(request), id, type);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="goaml-${type}-${id}.xml"`)
        .send(xml);
    },
  );

  app.get(
    '/aml/threshold-transactions.csv',
    {
      onRequest: requireCompliance,
      schema: {
        tags,
        security,
        querystring: ThresholdTransactionsQuery,
        response: { 200: z.string(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="threshold-transactions-${from}-${to}.csv"`)
        .send(await reports.thresholdCsv(from, to));
    },
  );
};
