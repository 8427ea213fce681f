/**
 * `GET /api/v1/health`: liveness for load balancers, public, answered without touching the
 * database. `GET /api/v1/health/ready`: readiness, whether this instance can serve now: 200 when
 * the database answers `select 1` within READY_TIMEOUT_MS and its storage took the last write that
 * needed room (else 503 STORAGE_FULL, docs/decisions/064-storage-and-timeouts.md), else 503 with Retry-After (public: it
 * says no more than any request would). `GET /api/v1/health/reconciliation`: the payment reconciliation queue (pending, due,
 * oldest pending age, in review) for payments operators only: the figures tell an outsider the
 * payment volume and when payouts are stuck, and counting them is a query a public, unauthenticated
 * probe should not be able to make on demand.
 */
import { HealthResponse as Health, ReconciliationHealthResponse } from '@mchezo/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { serviceUnavailable } from '../../lib/errors.js';
import { errorResponses } from '../../lib/http.js';
import { reconciliationFigures } from '../finance/reconciliation.service.js';
import type { RequireStaff } from '../staff/staff.service.js';

/** How long readiness waits for the database's answer. */
const READY_TIMEOUT_MS = 1_000;

/** Whether the database answers `select 1` within `timeoutMs`. */
async function databaseAnswers(ctx: AppContext, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = sql`select 1`.execute(ctx.database.db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; requireStaff: RequireStaff }> = async (
  app,
  { ctx, requireStaff },
) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: Health } } }, async () => ({
    ok: true as const,
  }));

  app.get(
    '/health/ready',
    { schema: { tags: ['health'], response: { 200: Health, ...errorResponses(503) } } },
    async () => {
      if (!(await databaseAnswers(ctx, READY_TIMEOUT_MS)))
        throw serviceUnavailable('The database does not answer', 'NOT_READY', 1);
      // Reads work on a full disk, writes do not: not ready until an insert succeeds again.
      const full = ctx.database.storage.full;
      if (full)
        throw serviceUnavailable(
          `The database storage is full (${full.reason}) since ${new Date(full.at).toISOString()}: writes fail`,
          'STORAGE_FULL',
          30,
        );
      return { ok: true as const };
    },
  );

  app.get(
    '/health/reconciliation',
    {
      onRequest: requireStaff('finance'),
      schema: {
        tags: ['health'],
        security: [{ bearer: [] }],
        response: { 200: ReconciliationHealthResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ ok: true as const, reconciliation: await reconciliationFigures(ctx) }),
  );
};
