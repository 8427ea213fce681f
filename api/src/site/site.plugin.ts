/**
 * Serves the built site the way a CDN would, so `npm start` runs the product as deployed:
 * - `/remotes/<name>/<version>/…`: a remote's immutable version folder (cached for a year,
 *   CORS open, since in production remotes live on another origin than the shell);
 * - everything else: the shell; its hashed assets cached for a year, `index.html` never,
 *   and unknown paths answer `index.html` (client-side routes), except under `/api/`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { ReleaseManifest } from '@mchezo/contracts/releases';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { preloadLinks } from './preload-links.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface SiteOptions {
  /** The CDN root: `shell/` and `remotes/<name>/<version>/` inside. */
  siteDir: string;
  /** The live release manifest, for preload hints on the page a URL opens with. */
  currentManifest?: () => Promise<ReleaseManifest>;
}

export async function sitePlugin(
  app: FastifyInstance,
  { siteDir, currentManifest }: SiteOptions,
): Promise<void> {
  const shellDir = join(siteDir, 'shell');
  const remotesDir = join(siteDir, 'remotes');
  if (!existsSync(join(shellDir, 'index.html'))) {
    app.log.warn({ siteDir }, 'site: no built shell found; run `npm run build`');
  }

  await app.register(fastifyStatic, {
    root: remotesDir,
    prefix: '/remotes/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header('Access-Control-Allow-Origin', '*');
      // A version folder never changes; its mf-manifest.json may be re-read by a new shell.
      reply.header('Cache-Control', path.endsWith('mf-manifest.json') ? 'public, max-age=60' : IMMUTABLE);
    },
  });

  await app.register(fastifyStatic, {
    root: shellDir,
    prefix: '/',
    index: false,
    wildcard: true,
    // The build writes .br and .gz beside each asset; the encoding the browser accepts is sent.
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header('Cache-Control', path.endsWith('.html') ? 'no-cache' : IMMUTABLE);
    },
  });

  const sendIndex = async (reply: FastifyReply, pathname: string) => {
    if (currentManifest) {
      const links = await currentManifest().then(
        (manifest) => preloadLinks(siteDir, pathname, manifest),
        () => [],
      );
      if (links.length) reply.header('Link', links.join(', '));
    }
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile('index.html', shellDir);
  };

  app.get('/', (_req, reply) => sendIndex(reply, '/'));

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    // A client-side route (no file extension) gets the app; a missing file stays a 404, so a
    // lost chunk fails as a chunk error instead of executing HTML.
    const isPage =
      req.method === 'GET' &&
      !path.startsWith('/api/') &&
      !path.startsWith('/remotes/') &&
      !/\.[a-z0-9]+$/i.test(path);
    if (isPage) return sendIndex(reply, path);
    return reply.code(404).send({ error: `Not found: ${req.method} ${path}` });
  });
}
