/** Release health's routes: the browsers' reports (error envelopes, load and vitals beacons) and what release managers read of them. */
import {
  EnvelopeResponse,
  ErrorEventsQuery,
  ErrorEventsResponse,
  HEALTH_WINDOW_MINUTES_DEFAULT,
  LoadBeacon,
  LoadChallenge,
  LoadProof,
  ReleaseHealthQuery,
  ReleaseHealthResponse,
  VitalsBeacon,
} from '@mchezo/contracts/release-health';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, guardedRoute } from '../../lib/http.js';
import type { RequireStaff } from '../staff/staff.service.js';
import type { ReleaseHealthService, Sender } from './release-health.service.js';

/** An envelope carries one event and its breadcrumbs: far below this. */
const ENVELOPE_LIMIT_BYTES = 256 * 1024;
const ENVELOPE_TYPES = [
  'text/plain',
  'application/x-sentry-envelope',
  'application/octet-stream',
  'application/json',
];

/** The cookies (the load ticket and client id) and the address a report came with. */
const senderOf = (request: FastifyRequest): Sender => ({ cookie: request.headers.cookie, ip: request.ip });

const tags = ['release health'];

export const releaseHealthRoutes: FastifyPluginAsyncZod<{
  health: ReleaseHealthService;
  requireStaff: RequireStaff;
}> = async (app, { health, requireStaff }) => {
  // The browser SDK's `tunnel`: the body is an envelope, not JSON (whatever type it claims), and
  // bigger than a JSON call's; in a scope of its own, so the routes beside it keep their JSON.
  await app.register(async (tunnel) => {
    tunnel.removeAllContentTypeParsers();
    tunnel.addContentTypeParser(
      ENVELOPE_TYPES,
      { parseAs: 'buffer', bodyLimit: ENVELOPE_LIMIT_BYTES },
      (_req, body, done) => done(null, body),
    );
    tunnel.post(
      '/errors/envelope',
      {
        bodyLimit: ENVELOPE_LIMIT_BYTES,
        schema: {
          tags,
          summary:
            "Sentry's envelope ingest (the browser SDK's tunnel); public, like any Sentry DSN, but counted only with the page's load ticket",
          response: { 200: EnvelopeResponse, ...errorResponses(400, 413, 415) },
        },
      },
      async (request) =>
        health.ingestEnvelope(
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          senderOf(request),
        ),
    );
  });

  app.post(
    '/releases/health/loads',
    { schema: { tags, body: LoadBeacon, response: { 204: z.null(), ...errorResponses(400) } } },
    async (request, reply) => {
      await health.recordLoads(request.body, senderOf(request));
      return reply.code(204).send(null);
    },
  );

  // A browser's proof of a page load (docs/decisions/060-health-counts-people.md): the challenge
  // its ticket asks for, and the nonce the page found; the answer is the same whether it held.
  app.get(
    '/releases/health/challenge',
    { schema: { tags, response: { 200: LoadChallenge } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return health.challenge(senderOf(request));
    },
  );

  app.post(
    '/releases/health/proof',
    { schema: { tags, body: LoadProof, response: { 204: z.null(), ...errorResponses(400) } } },
    async (request, reply) => {
      await health.prove(request.body.nonce, senderOf(request));
      return reply.code(204).send(null);
    },
  );

  // One page view's web vitals (docs/decisions/051-web-vitals-per-version.md): counted under the
  // load beacon's rules; the answer is the same whether it counted or not.
  app.post(
    '/releases/health/vitals',
    { schema: { tags, body: VitalsBeacon, response: { 204: z.null(), ...errorResponses(400) } } },
    async (request, reply) => {
      await health.recordVitals(request.body, senderOf(request));
      return reply.code(204).send(null);
    },
  );

  const releaseManager = guardedRoute(requireStaff('release_manager'), tags);

  app.get(
    '/releases/health',
    releaseManager({ querystring: ReleaseHealthQuery }, { 200: ReleaseHealthResponse }, [400]),
    async (request) => health.health(request.query.minutes ?? HEALTH_WINDOW_MINUTES_DEFAULT),
  );

  app.get(
    '/errors/events',
    releaseManager({ querystring: ErrorEventsQuery }, { 200: ErrorEventsResponse }, [400]),
    async (request) => health.events(request.query),
  );
};
