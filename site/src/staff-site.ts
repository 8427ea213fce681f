/**
 * The staff site (staff/, its own React app) under /staff/, from `<siteDir>/staff/`:
 * - its hashed files (`/staff/static/…`) cached for a year, precompressed when the build wrote
 *   .br/.gz; its index.html revalidated on every use;
 * - any other page under /staff/ (a deep link) answers index.html; a missing file stays a 404;
 * - its own Content-Security-Policy, stricter than the player site's: only this origin's files,
 *   no inline script or style, nothing framed, no form posted elsewhere;
 * - with a staff origin configured (STAFF_SITE_ORIGIN), /staff/ answers only requests for that
 *   origin's host: the player host gets 404 there.
 * No service worker: the staff site is never installable and never works offline.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EMPTY_STYLE } from './content-security-policy.js';

export const STAFF_PREFIX = '/staff/';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The staff page's policy. `style-src` also allows an EMPTY inline <style> by its hash: the
 * shared code field (input-otp) adds one and fills it through CSSOM, which no policy restricts;
 * text written into it is checked again and refused (as on the player site, decision 016).
 */
export const STAFF_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'self' ${EMPTY_STYLE}`,
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export interface StaffSiteOptions {
  /** The built staff site: `<siteDir>/staff`. */
  staffDir: string;
  /** STAFF_SITE_ORIGIN (e.g. https://staff.example.ke): /staff/ only for that host. */
  staffOrigin?: string | undefined;
}

/** A path under /staff/ (or /staff itself). */
export const isStaffPath = (path: string) => path === '/staff' || path.startsWith(STAFF_PREFIX);

/**
 * Registers the staff site's files and returns the answer for a /staff/ path no file matched
 * (the site's not-found handler calls it): index.html for a page, 404 for anything else.
 */
export async function serveStaffSite(
  app: FastifyInstance,
  { staffDir, staffOrigin }: StaffSiteOptions,
): Promise<(request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>> {
  if (!existsSync(join(staffDir, 'index.html')))
    app.log.warn({ staffDir }, 'site: no built staff site found; run `npm run build`');
  const staffHost = staffOrigin ? new URL(staffOrigin).host.toLowerCase() : null;
  const allowed = (request: FastifyRequest) => !staffHost || request.host.toLowerCase() === staffHost;
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` });

  const sendIndex = async (reply: FastifyReply) => {
    let html: string;
    try {
      html = await readFile(join(staffDir, 'index.html'), 'utf8');
    } catch {
      return reply.code(503).send({ error: 'The staff site is not built yet: run `npm run build`.' });
    }
    return reply
      .header('Content-Security-Policy', STAFF_POLICY)
      .header('X-Frame-Options', 'DENY')
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      if (!allowed(request)) return notFound(request, reply);
    });
    // Without the slash, the app's relative paths would not resolve: one canonical address.
    scope.get('/staff', (request, reply) =>
      allowed(request) ? reply.redirect('/staff/', 301) : notFound(request, reply),
    );
    scope.get('/staff/', (_request, reply) => sendIndex(reply));
    await scope.register(fastifyStatic, {
      root: staffDir,
      prefix: STAFF_PREFIX,
      index: false,
      wildcard: true,
      decorateReply: false,
      preCompressed: true,
      setHeaders(reply, path) {
        const file = relative(staffDir, path)
          .split(sep)
          .join('/')
          .replace(/\.(br|gz)$/, '');
        reply.header('Cache-Control', file.startsWith('static/') ? IMMUTABLE : 'no-cache');
        if (file === 'index.html')
          reply.header('Content-Security-Policy', STAFF_POLICY).header('X-Frame-Options', 'DENY');
      },
    });
  });

  return async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(path);
    if (!allowed(request) || !isPage) return notFound(request, reply);
    return sendIndex(reply);
  };
}
