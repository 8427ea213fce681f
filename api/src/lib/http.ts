/** What every route plugin shares: the authenticated player, the guard type, the documented error responses, a guarded route's options. */
import { ErrorResponse } from '@mchezo/contracts/errors';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { AuthenticatedUser } from '../modules/auth/auth.service.js';
import { refuse } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthenticatedUser | null;
    rawBody?: string;
  }
}

/** The authenticated player of a route guarded by `requireAuth`. */
export function authOf(request: FastifyRequest): AuthenticatedUser {
  if (!request.auth) throw refuse('UNAUTHORIZED', 'Authentication required');
  return request.auth;
}

export type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Error responses documented on every route (OpenAPI) and checked on the way out. */
export const errorResponses = <C extends number>(...codes: C[]) =>
  Object.fromEntries(codes.map((c) => [c, ErrorResponse])) as Record<C, typeof ErrorResponse>;

/**
 * The options each route behind one guard (a staff role's `requireStaff(…)`) would repeat: the
 * guard at onRequest, so a call without the role is refused before its body is read; the OpenAPI
 * tags and bearer security; the route's request schemas; its answer (`ok`, e.g. `{ 200: X }`),
 * the guard's 401 and 403 and the route's other error codes (`errors`).
 */
export const guardedRoute =
  (guard: PreHandler, tags: string[]) =>
  <
    S extends Pick<FastifySchema, 'params' | 'querystring' | 'body'>,
    R extends Record<number, unknown>,
    C extends number = never,
  >(
    request: S,
    ok: R,
    errors: C[] = [],
  ) => ({
    onRequest: guard,
    schema: {
      tags,
      security: [{ bearer: [] }],
      ...request,
      response: { ...errorResponses<401 | 403 | C>(401, 403, ...errors), ...ok },
    },
  });
