import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One line per request, written when it is answered: `request completed` (or `request
 * errored`) with the method, the URL (secrets cut out), the client address, the status and the
 * response time. Fastify's default writes an `incoming request` line as well, with the same
 * request fields: each line costs about as much as the request itself (an authenticated
 * balance read took ~28 µs of CPU at info, ~18 µs with no logging).
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
