/**
 * Remote versions' files as the site reads and serves them (docs/decisions/049-version-store.md):
 * from whatever keeps them, given by the API (its version store: a folder, or the database), or
 * by default the CDN folder's `remotes/<name>/<version>/`. The site never imports the API
 * (decision 037): it takes a reader.
 * `/remotes/<name>/<version>/<file>` is answered from it as a CDN origin: immutable for a year
 * (its `mf-manifest.json` a minute, as before: a newer shell may re-read it), CORS open, a strong
 * ETag from the bytes (the same on every instance), and the precompressed `.br` / `.gz` the
 * build wrote beside a file when the browser takes it (scripts/precompress.mjs: the bytes the
 * folder served before, byte for byte).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Reads one file of a remote's version: undefined when there is no such file. */
export type ReadRemoteFile = (remote: string, version: string, path: string) => Promise<Buffer | undefined>;

export interface RemoteFiles {
  read: ReadRemoteFile;
  /** A text file, read once and kept (versions never change): undefined when there is none. */
  readText(remote: string, version: string, path: string): Promise<string | undefined>;
}

const MAX_TEXTS = 256;

export function remoteFiles(read: ReadRemoteFile): RemoteFiles {
  const texts = new Map<string, Promise<string | undefined>>();
  return {
    read,
    readText(remote, version, path) {
      const key = `${remote}\0${version}\0${path}`;
      let text = texts.get(key);
      if (!text) {
        text = read(remote, version, path)
          .then((b) => b?.toString('utf8'))
          .catch(() => undefined);
        if (texts.size >= MAX_TEXTS) texts.clear();
        texts.set(key, text);
      }
      return text;
    },
  };
}

/** `<root>/<remote>/<version>/<path>`, nothing outside it. */
export function folderReader(root: string): ReadRemoteFile {
  const base = resolve(root);
  return async (remote, version, path) => {
    const file = resolve(base, remote, version, path);
    const dir = resolve(base, remote, version);
    if (!dir.startsWith(`${base}${sep}`) || !file.startsWith(`${dir}${sep}`)) return undefined;
    return readFile(file).catch(() => undefined);
  };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The types a remote's build writes (what the folder's static serving sent for them). */
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
  '.br': 'application/x-brotli',
  '.gz': 'application/gzip',
};

/** The encodings the browser takes, in the order the folder's serving preferred them. */
function encodings(header: string | string[] | undefined): ('br' | 'gzip')[] {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = value
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name?.trim().toLowerCase());
  return (['br', 'gzip'] as const).filter((e) => accepted.includes(e) || accepted.includes('*'));
}

const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;

/** `GET /remotes/<remote>/<version>/<file…>` from `files` (HEAD comes with it). */
export function serveRemoteFiles(app: FastifyInstance, files: RemoteFiles): void {
  app.get<{ Params: { remote: string; version: string; '*': string } }>(
    '/remotes/:remote/:version/*',
    async (req, reply) => {
      const { remote, version } = req.params;
      const path = req.params['*'];
      const notFound = () => reply.code(404).send({ error: `Not found: GET ${req.url.split('?')[0]}` });
      if (!path) return notFound();
      const precompressed = /\.(br|gz)$/.test(path) ? [] : encodings(req.headers['accept-encoding']);
      let body: Buffer | undefined;
      let encoding: 'br' | 'gzip' | undefined;
      for (const e of precompressed) {
        body = await files.read(remote, version, `${path}.${e === 'br' ? 'br' : 'gz'}`);
        if (body) {
          encoding = e;
          break;
        }
      }
      body ??= await files.read(remote, version, path);
      if (!body) return notFound();
      const etag = etagOf(body);
      reply
        .header('Access-Control-Allow-Origin', '*')
        // A version never changes; its mf-manifest.json may be re-read by a new shell.
        .header('Cache-Control', path.endsWith('mf-manifest.json') ? 'public, max-age=60' : IMMUTABLE)
        .header('ETag', etag)
        .header('Vary', 'Accept-Encoding')
        .type(TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream');
      if (encoding) reply.header('Content-Encoding', encoding);
      const match = req.headers['if-none-match'];
      if (match?.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}`))
        return reply.code(304).send();
      return reply.send(body);
    },
  );
}

/** The default: the CDN folder's own `remotes/`. */
export const folderRemoteFiles = (siteDir: string) => remoteFiles(folderReader(join(siteDir, 'remotes')));
