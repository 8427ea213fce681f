/**
 * Serves the built site the way a CDN would, so `npm start` runs the product as deployed:
 * - `/remotes/<name>/<version>/…`: a remote's immutable version (cached for a year, CORS open,
 *   since in production remotes live on another origin than the shell), from the API's version
 *   store (remote-files.ts);
 * - everything else: the shell; its hashed assets (`/static/`) cached for a year, its other
 *   files (the page, the web app manifest and icons, the service worker, the offline page)
 *   revalidated on every use, and unknown paths answer `index.html` (client-side routes),
 *   except under `/api/`.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from '@mchezo/contracts/config';
import type { ReleaseManifest } from '@mchezo/contracts/releases';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  offlinePagePolicy,
  type SitePolicyInput,
  sitePolicy,
  WORKER_POLICY,
} from './content-security-policy.js';
import { type FirstPage, firstPage } from './first-page.js';
import { composeIndex, linkHeader } from './index-page.js';
import { pageLanguages } from './page-language.js';
import { folderRemoteFiles, type ReadRemoteFile, remoteFiles, serveRemoteFiles } from './remote-files.js';
import { inlineShellStylesheet } from './shell-stylesheet.js';
import { isStaffPath, serveStaffSite } from './staff-site.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Larger API answers are not written into the page: they would delay its first paint. */
const MAX_INLINE_BYTES = 32 * 1024;

/** The page is composed per request (live config and release): compressed here, not at build. */
function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (/\bbr\b/.test(value)) return 'br';
  if (/\bgzip\b/.test(value)) return 'gzip';
  return null;
}

// The composed page rarely changes (a release, a config change): keep the last few compressed.
const compressed = new Map<string, Buffer>();
function compressedPage(html: string, encoding: 'br' | 'gzip'): Buffer {
  const key = `${encoding}:${html}`;
  let body = compressed.get(key);
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } })
        : gzipSync(html, { level: 9 });
    if (compressed.size >= 8) compressed.delete(compressed.keys().next().value as string);
    compressed.set(key, body);
  }
  return body;
}

export interface SiteOptions {
  /** The CDN root: `shell/` and (unless `readRemoteFile` is given) `remotes/<name>/<version>/` inside. */
  siteDir: string;
  /**
   * Where remote versions' files come from (the API's version store, decision 049); default the
   * CDN root's `remotes/`. Served at `/remotes/…` and read for the first page.
   */
  readRemoteFile?: ReadRemoteFile;
  /** The live release manifest: written into index.html, with hints for the first page. */
  currentManifest?: () => Promise<ReleaseManifest>;
  /** The public config (`GET /config`'s data), written into index.html. */
  publicConfig?: AppConfig;
  /** What the page's Content-Security-Policy needs beyond the page itself (decision 016). */
  policy?: Pick<SitePolicyInput, 'publicBaseUrl' | 'development'>;
  /**
   * The page view's load ticket as `Set-Cookie` values (docs/decisions/031-release-health-tickets.md):
   * cookies, so the page itself stays the same for everyone.
   */
  loadTickets?: {
    cookies(request: { cookie: string | undefined; ip: string }, release: ReleaseManifest): Promise<string[]>;
  } /** STAFF_SITE_ORIGIN: the staff site (/staff/, staff-site.ts) answers only that origin's host. */;
  staffOrigin?: string | undefined;
}

export async function sitePlugin(
  app: FastifyInstance,
  {
    siteDir,
    readRemoteFile,
    currentManifest,
    publicConfig,
    policy = { publicBaseUrl: '' },
    loadTickets,
    staffOrigin,
  }: SiteOptions,
): Promise<void> {
  const shellDir = join(siteDir, 'shell');
  if (!existsSync(join(shellDir, 'index.html'))) {
    app.log.warn({ siteDir }, 'site: no built shell found; run `npm run build`');
  }

  // Remote versions, as their CDN origin (remote-files.ts).
  const remotes = readRemoteFile ? remoteFiles(readRemoteFile) : folderRemoteFiles(siteDir);
  serveRemoteFiles(app, remotes);

  // The staff site, its own app with its own policy (staff-site.ts).
  const staffNotFound = await serveStaffSite(app, { staffDir: join(siteDir, 'staff'), staffOrigin });

  await app.register(fastifyStatic, {
    root: shellDir,
    prefix: '/',
    index: false,
    wildcard: true,
    // The build writes .br and .gz beside each asset; the encoding the browser accepts is sent.
    preCompressed: true,
    setHeaders(reply, path) {
      // Only the build's hashed files never change under their name (decision 025: a new
      // service worker, manifest or icon must reach the player at once).
      const file = relative(shellDir, path)
        .split(sep)
        .join('/')
        .replace(/\.(br|gz)$/, '');
      reply.header('Cache-Control', file.startsWith('static/') ? IMMUTABLE : 'no-cache');
      if (file === 'sw.js') reply.header('Content-Security-Policy', WORKER_POLICY);
    },
  });

  // The first page's public reads, answered by this API exactly as the browser would get them
  // (same route, validation and serialisation); anything but a small 200 is left to the browser.
  const readPublic = async (path: string): Promise<unknown> => {
    const res = await app.inject({ method: 'GET', url: path, headers: { accept: 'application/json' } });
    if (res.statusCode !== 200 || res.rawPayload.length > MAX_INLINE_BYTES) return undefined;
    return res.json();
  };

  const sendIndex = async (reply: FastifyReply) => {
    let template: string;
    try {
      // Read per request (the OS caches it): a redeployed shell is served at once.
      template = await readFile(join(shellDir, 'index.html'), 'utf8');
    } catch {
      return reply.code(503).send({ error: 'The site is not built yet: run `npm run build`.' });
    }
    // Without the manifest (its store down) the page still goes out: the shell fetches it.
    const release = currentManifest ? await currentManifest().catch(() => undefined) : undefined;
    const { headers } = reply.request;
    const languages = pageLanguages(headers.cookie, headers['accept-language']);
    const first: FirstPage = release
      ? await firstPage(remotes, reply.request.url, release, readPublic, languages)
      : { preloads: [], files: {} };
    const composed = composeIndex(
      template,
      {
        ...(publicConfig && { config: publicConfig }),
        ...(release && { release }),
        ...(Object.keys(first.files).length && { files: first.files }),
      },
      first.firstScreen,
    );
    // The shell's styles: in the page on a first visit, the cached file after (decision 029).
    const stylesheet = await inlineShellStylesheet(composed, shellDir, headers.cookie);
    const html = stylesheet?.html ?? composed;
    const cookies = [
      ...(stylesheet ? [stylesheet.cookie] : []),
      ...(release && loadTickets
        ? await loadTickets.cookies({ cookie: headers.cookie, ip: reply.request.ip }, release)
        : []),
    ];
    if (cookies.length > 0) reply.header('Set-Cookie', cookies);
    const link = linkHeader(template, first.preloads);
    if (link) reply.header('Link', link);
    const csp = sitePolicy({
      ...policy,
      template,
      ...(first.firstScreen && { firstScreenHtml: first.firstScreen.html }),
      ...(stylesheet && { stylesheet: stylesheet.css }),
      ...(release && { release }),
      ...(publicConfig && { config: publicConfig }),
    });
    // X-Frame-Options for browsers that predate frame-ancestors.
    reply.header('Content-Security-Policy', csp).header('X-Frame-Options', 'DENY');
    const encoding = acceptedEncoding(reply.request.headers['accept-encoding']);
    reply
      .header('Cache-Control', 'no-cache')
      // The first screen's text is in the player's language (decision 026).
      .header('Vary', 'Accept-Encoding, Accept-Language, Cookie')
      .type('text/html; charset=utf-8');
    if (!encoding) return reply.send(html);
    return reply.header('Content-Encoding', encoding).send(compressedPage(html, encoding));
  };

  app.get('/', (_req, reply) => sendIndex(reply));

  // The offline page carries an inline script and style: its own policy allows them by hash.
  app.get('/offline.html', async (req, reply) => {
    let html: string;
    try {
      html = await readFile(join(shellDir, 'offline.html'), 'utf8');
    } catch {
      return reply.code(404).send({ error: 'Not found: GET /offline.html' });
    }
    reply
      .header('Content-Security-Policy', offlinePagePolicy(html))
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    return reply.header('Content-Encoding', encoding).send(compressedPage(html, encoding));
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (isStaffPath(path)) return staffNotFound(req, reply);
    // A client-side route (no file extension) gets the app; a missing file stays a 404, so a
    // lost chunk fails as a chunk error instead of executing HTML.
    const isPage =
      req.method === 'GET' &&
      !path.startsWith('/api/') &&
      !path.startsWith('/remotes/') &&
      !/\.[a-z0-9]+$/i.test(path);
    if (isPage) return sendIndex(reply);
    return reply.code(404).send({ error: `Not found: ${req.method} ${path}` });
  });
}
