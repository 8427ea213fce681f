/**
 * `/remotes/<remote>/<version>/<file>` answered from a reader (the API's version store, decision
 * 049): the encodings a browser takes (and refuses with q=0), conditional requests, HEAD, the
 * cache rules, and nothing outside a version read from a folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderReader, remoteFiles, serveRemoteFiles } from '../src/remote-files.js';

const JS = Buffer.from('console.log("wallet")');
const BR = Buffer.from([1, 2, 3]);
const GZ = Buffer.from([4, 5, 6, 7]);

let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'mchezo-remote-files-'));
  const dir = join(root, 'remotes', 'wallet', '1.0.0-a');
  mkdirSync(join(dir, 'static', 'js'), { recursive: true });
  writeFileSync(join(dir, 'static/js/entry.js'), JS);
  writeFileSync(join(dir, 'static/js/entry.js.br'), BR);
  writeFileSync(join(dir, 'static/js/entry.js.gz'), GZ);
  writeFileSync(join(dir, 'mf-manifest.json'), '{"name":"wallet"}');
  writeFileSync(join(dir, 'font.bin'), Buffer.from([9]));
  writeFileSync(join(root, 'secret.txt'), 'not a version file');
  const read = folderReader(join(root, 'remotes'));
  app = Fastify();
  serveRemoteFiles(app, remoteFiles(read));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  app.inject({ method, url: `/remotes/wallet/1.0.0-a/${path}`, headers });

describe('remote files from a reader', () => {
  it('sends the build’s .br or .gz as the browser takes them, the file itself otherwise', async () => {
    const br = await get('static/js/entry.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(BR)).toBe(true);
    const gz = await get('static/js/entry.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(GZ)).toBe(true);
    const plain = await get('static/js/entry.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(JS)).toBe(true);
    for (const res of [br, gz, plain]) {
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    // Each encoding its own ETag: a cache never answers one with the other.
    expect(new Set([br, gz, plain].map((r) => r.headers.etag)).size).toBe(3);
  });

  it('answers 304 to its ETag, HEAD without a body, and the manifest for a minute', async () => {
    const first = await get('static/js/entry.js');
    const etag = first.headers.etag as string;
    const again = await get('static/js/entry.js', { 'if-none-match': `"other", ${etag}` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get('static/js/entry.js', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    const head = await get('static/js/entry.js', {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    const manifest = await get('mf-manifest.json');
    expect(manifest.headers['cache-control']).toBe('public, max-age=60');
    expect(manifest.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await get('font.bin')).headers['content-type']).toBe('application/octet-stream');
  });

  it('reads nothing outside the version: 404', async () => {
    for (const path of ['../../../secret.txt', '..%2F..%2F..%2Fsecret.txt', 'static/js/none.js', ''])
      expect((await get(path)).statusCode, path).toBe(404);
    expect((await app.inject({ url: '/remotes/wallet/..%2F..%2Fsecret.txt/x' })).statusCode).toBe(404);
    // The folder reader never returns a file outside `<root>/<remote>/<version>/`.
    const read = folderReader(join(root, 'remotes'));
    expect(await read('wallet', '1.0.0-a', '../../../secret.txt')).toBeUndefined();
    expect(await read('..', '..', 'secret.txt')).toBeUndefined();
    expect(await read('wallet', '..', '../secret.txt')).toBeUndefined();
  });
});
