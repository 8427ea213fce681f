import { ErrorResponse } from '@mchezo/contracts/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticatedUser } from '../modules/auth/auth.service.js';
import { unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthenticatedUser | null;
    rawBody?: string;
  }
}

/** The authenticated player of a route guarded by `requireAuth`. */
export function authOf(request: FastifyRequest): AuthenticatedUser {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Error responses documented on every route (OpenAPI) and checked on the way out. */
export const errorResponses = (...codes: number[]) =>
  Object.fromEntries(codes.map((c) => [c, ErrorResponse])) as Record<number, typeof ErrorResponse>;
