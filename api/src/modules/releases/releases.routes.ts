/**
 * `GET /api/v1/releases/manifest`: what the shell reads at boot to know which version of each
 * remote to load. Short cache plus an ETag: a release change reaches players within seconds,
 * and a repeat visit costs a 304.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ReleaseStore } from './releases.store.js';

export const MANIFEST_MAX_AGE_SECONDS = 10;

export async function releasesRoutes(
  app: FastifyInstance,
  { store }: { store: ReleaseStore },
): Promise<void> {
  app.get('/releases/manifest', async (req, reply) => {
    const body = JSON.stringify(store.read());
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply.header('Cache-Control', `public, max-age=${MANIFEST_MAX_AGE_SECONDS}`).header('ETag', etag);
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
