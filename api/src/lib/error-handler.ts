/**
 * The API's one error handler: every refusal as `{ error, code, … }` with its status
 * (shared/contracts/src/error-codes.ts), the database's faults as 503s with Retry-After
 * (docs/decisions/035-surviving-faults.md, 064-storage-and-timeouts.md), and a 500 only for what
 * no client can cause.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type Database, isDatabaseUnavailable, isStatementTimeout, isStorageFull } from '../db/database.js';
import { AppError, frameworkRefusal, schemaRefusal, serviceUnavailable } from './errors.js';

export function errorHandler(database: Pick<Database, 'storage'>, bodyLimitBytes: number) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const refused = schemaRefusal(error.validation);
      if (refused) return reply.code(refused.statusCode).send(refused.toBody());
      const where = error.validationContext ?? 'body';
      const issues = error.validation.map((v) => ({
        path: `${where}${v.instancePath === '/' ? '' : v.instancePath.replaceAll('/', '.')}`,
        message: v.message ?? 'invalid',
      }));
      const first = issues[0];
      return reply.code(400).send({
        error: first ? `Invalid input: ${first.path}: ${first.message}` : 'Invalid input',
        code: 'VALIDATION_ERROR',
        issues,
      });
    }
    // The database is away (restarting, say): 503 with Retry-After, never a 500; the pool
    // reconnects on its own once it is back (docs/decisions/035-surviving-faults.md).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { message: error.message, code: error.code } }, 'database unavailable');
      const unavailable = serviceUnavailable();
      return reply.code(503).headers(unavailable.headers).send(unavailable.toBody());
    }
    // No room left for a write: 503 until there is, and readiness says so meanwhile
    // (docs/decisions/064-storage-and-timeouts.md).
    if (isStorageFull(error)) {
      database.storage.noteFull(error);
      request.log.error({ err: { message: error.message, code: error.code } }, 'database storage full');
      const full = serviceUnavailable(
        'The service cannot save anything right now. Try again later.',
        'STORAGE_FULL',
        30,
      );
      return reply.code(503).headers(full.headers).send(full.toBody());
    }
    // A statement that ran out of DATABASE_STATEMENT_TIMEOUT_MS (a lock held, a paused server).
    if (isStatementTimeout(error)) {
      request.log.warn({ err: { message: error.message, code: error.code } }, 'database statement timed out');
      const late = serviceUnavailable('The service is busy. Try again in a moment.', 'DATABASE_TIMEOUT', 2);
      return reply.code(503).headers(late.headers).send(late.toBody());
    }
    const refused = frameworkRefusal(error, {
      MALFORMED_JSON: 'Malformed JSON body',
      EMPTY_BODY: 'Empty JSON body',
      BODY_TOO_LARGE: `Request body too large (limit ${bodyLimitBytes} bytes)`,
      UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type: send application/json',
      INVALID_CONTENT_LENGTH: 'Invalid Content-Length',
    });
    if (refused) return reply.code(refused.statusCode).send(refused.toBody());
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'Internal server error', code: 'INTERNAL' });
  };
}
