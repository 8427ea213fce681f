/**
 * Publish over HTTP (docs/decisions/049-version-store.md): `PUT /releases/remotes/:remote/versions/:version`
 * takes a built version folder's files and their sha384, checks each, stores them in the version
 * store and lists the version; the API then serves them at /remotes/… as the CDN origin. On
 * SQLite and PostgreSQL, with the database store (what a cluster runs) and the folder store
 * (`npm start`'s).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha384Integrity } from '../../../src/lib/crypto.js';
import { filesOfFolder, versionStoreFrom } from '../../../src/modules/releases/version-store.js';
import { DB_MODES, freshPhone, type Json, json, type Player, startApp, type TestApp } from '../../helpers.js';
import { asStaff } from '../../staff-kit.js';
import { makeCdn, makeVersion } from './fixtures.js';

const STORES = ['database', 'folder'] as const;
const cases = DB_MODES.flatMap((mode) => STORES.map((store) => [mode, store] as const));

describe.each(cases)('publish over HTTP (%s, %s store)', (mode, store) => {
  let t: TestApp;
  let cdn: string;
  /** Where "CI" builds versions: never the store. */
  let builds: string;
  let rm: Player;
  const rmPhone = freshPhone();

  beforeAll(async () => {
    cdn = makeCdn();
    builds = mkdtempSync(join(tmpdir(), 'mchezo-builds-'));
    t = await startApp(mode, {
      SITE_DIR: cdn,
      RELEASES_STORE: store,
      RELEASE_MANAGER_PHONES: rmPhone,
      RELEASES_UPLOAD_MAX_FILE_BYTES: '60000',
      RELEASES_UPLOAD_MAX_BYTES: '100000',
    });
    rm = await asStaff(t, await t.signedInPlayer(rmPhone));
  });
  afterAll(async () => {
    await t.close();
    rmSync(cdn, { recursive: true, force: true });
    rmSync(builds, { recursive: true, force: true });
  });

  /** A version built in `builds`, with the .br and .gz the build writes beside its entry. */
  const build = async (version: string, remote: 'wallet' | 'lobby' = 'wallet') => {
    await makeVersion(builds, remote, version);
    const dir = join(builds, 'remotes', remote, version);
    const entry = `static/js/${remote}.${version}.js`;
    const raw = readFileSync(join(dir, entry));
    writeFileSync(join(dir, `${entry}.br`), brotliCompressSync(raw));
    writeFileSync(join(dir, `${entry}.gz`), gzipSync(raw));
    const files = await filesOfFolder(dir);
    return {
      entry,
      files,
      integrity: Object.fromEntries([...files].map(([p, b]) => [p, sha384Integrity(b)])),
      body: Object.fromEntries([...files].map(([p, b]) => [p, b.toString('base64')])),
    };
  };
  /** The app's store, as its configuration makes it. */
  const storeOf = () => {
    const s = versionStoreFrom(t.app.ctx.env, t.app.ctx.database);
    if (!s) throw new Error('no store');
    return s;
  };
  const upload = (
    version: string,
    payload: Json,
    headers: Record<string, string> = rm.headers,
    remote: 'wallet' | 'lobby' = 'wallet',
  ) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/releases/remotes/${remote}/versions/${version}`,
      payload,
      headers,
    });
  const listed = async (remote = 'wallet') => {
    const list = json(await t.get('/releases/remotes', rm.headers));
    return list.remotes.find((r: Json) => r.name === remote).versions.map((v: Json) => v.version);
  };
  /** Nothing of the version anywhere: not listed, not served, not in the store. */
  const nothingOf = async (version: string) => {
    expect(await listed()).not.toContain(version);
    expect((await t.app.inject({ url: `/remotes/wallet/${version}/mf-manifest.json` })).statusCode).toBe(404);
    expect(await storeOf().list('wallet', version)).toBeUndefined();
    expect(existsSync(join(cdn, 'remotes', 'wallet', version))).toBe(false);
  };
  const refused = (res: { statusCode: number; body: string }, status: number, code?: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(json(res as never).error).toEqual(expect.any(String));
    if (code) expect(json(res as never).code).toBe(code);
  };

  it('stores an uploaded version, lists it and serves it as the CDN origin; it can go live', async () => {
    const v = await build('2.0.0-up');
    const res = await upload('2.0.0-up', { integrity: v.integrity, files: v.body, reason: 'ci build 41' });
    expect(res.statusCode, res.body).toBe(201);
    const published = json(res);
    expect(published).toMatchObject({ remote: 'wallet', version: '2.0.0-up', files: v.files.size });
    expect(published.published_by).toBe(rmPhone);
    expect(published.byte_budget.bytes).toBeGreaterThan(0);
    expect(await listed()).toContain('2.0.0-up');
    // In the store, and in the folder only for the folder store.
    expect(await storeOf().list('wallet', '2.0.0-up')).toEqual(v.integrity);
    expect(existsSync(join(cdn, 'remotes', 'wallet', '2.0.0-up'))).toBe(store === 'folder');

    // Served byte for byte, immutable, CORS open, with a strong ETag; the build's .br when taken.
    const url = `/remotes/wallet/2.0.0-up/${v.entry}`;
    const plain = await t.app.inject({ url });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.equals(v.files.get(v.entry) as Buffer)).toBe(true);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['access-control-allow-origin']).toBe('*');
    expect(plain.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(v.files.get(`${v.entry}.br`) as Buffer)).toBe(true);
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(v.files.get(`${v.entry}.gz`) as Buffer)).toBe(true);
    expect((await t.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const mf = await t.app.inject({ url: '/remotes/wallet/2.0.0-up/mf-manifest.json' });
    expect(mf.headers['cache-control']).toBe('public, max-age=60');
    expect(mf.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await t.app.inject({ url: '/remotes/wallet/2.0.0-up/static/js/none.js' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/remotes/wallet/2.0.0-up/..%2F..%2Fshell%2Findex.html' })).statusCode,
    ).toBe(404);

    // Activation's compatibility check and the manifest's entry hashes read the store.
    const base = json(await t.get('/releases/manifest')).revision;
    const activated = await t.post(
      '/releases/remotes/wallet/activate',
      { version: '2.0.0-up', base_revision: base, reason: 'go' },
      rm.headers,
    );
    expect(activated.statusCode, activated.body).toBe(200);
    const manifest = json(await t.get('/releases/manifest'));
    expect(manifest.integrity[`/remotes/wallet/2.0.0-up/${v.entry}`]).toBe(v.integrity[v.entry]);
    // The integrity check on live versions reads them from the store: intact.
    const check = json(await t.post('/releases/integrity/check', {}, rm.headers));
    expect(check.ok).toBe(true);
  });

  it('the same files again change nothing (200); other files under the same version are refused (409)', async () => {
    const v = await build('2.1.0-same');
    expect((await upload('2.1.0-same', { integrity: v.integrity, files: v.body })).statusCode).toBe(201);
    const again = await upload('2.1.0-same', { integrity: v.integrity, files: v.body });
    expect(again.statusCode, again.body).toBe(200);
    expect(json(again).version).toBe('2.1.0-same');
    const other = await build('2.1.0-other');
    const different = await upload('2.1.0-same', { integrity: other.integrity, files: other.body });
    refused(different, 409, 'VERSION_CONTENT_DIFFERS');
    // Still the first files.
    const served = await t.app.inject({ url: '/remotes/wallet/2.1.0-same/mf-manifest.json' });
    expect(served.rawPayload.equals(v.files.get('mf-manifest.json') as Buffer)).toBe(true);
    expect(await storeOf().list('wallet', '2.1.0-same')).toEqual(v.integrity);
  });

  it('refuses a file that differs from its declared sha384 (422) and stores nothing', async () => {
    const v = await build('2.2.0-bad');
    const files = { ...v.body, [v.entry]: Buffer.from('evil()').toString('base64') };
    const res = await upload('2.2.0-bad', { integrity: v.integrity, files });
    refused(res, 422, 'INTEGRITY_MISMATCH');
    expect(json(res).error).toContain(v.entry);
    await nothingOf('2.2.0-bad');
  });

  it('refuses paths outside the version folder, and files not declared or not sent (400)', async () => {
    const v = await build('2.3.0-path');
    const evil = Buffer.from('x');
    for (const path of ['../../shell/index.html', '/etc/passwd', 'static/../../x.js', 'a\\b.js', './x.js']) {
      const res = await upload('2.3.0-path', {
        integrity: { ...v.integrity, [path]: sha384Integrity(evil) },
        files: { ...v.body, [path]: evil.toString('base64') },
      });
      refused(res, 400);
    }
    const { [v.entry]: _left, ...without } = v.body;
    refused(
      await upload('2.3.0-path', { integrity: v.integrity, files: without }),
      400,
      'UPLOAD_PATHS_DIFFER',
    );
    refused(
      await upload('2.3.0-path', { integrity: v.integrity, files: { ...v.body, 'extra.js': 'eA==' } }),
      400,
      'UPLOAD_PATHS_DIFFER',
    );
    refused(await upload('-x', { integrity: v.integrity, files: v.body }), 400, 'VALIDATION_ERROR');
    refused(
      await upload('2.3.0-path', { integrity: v.integrity, files: { ...v.body, [v.entry]: '***' } }),
      400,
    );
    await nothingOf('2.3.0-path');
  });

  it('refuses a file or a version over the size limits (413) and stores nothing', async () => {
    const v = await build('2.4.0-big');
    const big = Buffer.alloc(60_001, 7);
    const withFiles = (added: Record<string, Buffer>) => ({
      integrity: {
        ...v.integrity,
        ...Object.fromEntries(Object.entries(added).map(([p, b]) => [p, sha384Integrity(b)])),
      },
      files: {
        ...v.body,
        ...Object.fromEntries(Object.entries(added).map(([p, b]) => [p, b.toString('base64')])),
      },
    });
    // One file over RELEASES_UPLOAD_MAX_FILE_BYTES (60,000 here).
    const one = await upload('2.4.0-big', withFiles({ 'static/big.bin': big }));
    refused(one, 413, 'VERSION_TOO_LARGE');
    expect(json(one).error).toContain('static/big.bin');
    // Each file within it, together over RELEASES_UPLOAD_MAX_BYTES (100,000 here).
    const half = Buffer.alloc(50_000, 1);
    const two = await upload('2.4.0-big', withFiles({ 'static/a.bin': half, 'static/b.bin': half }));
    refused(two, 413, 'VERSION_TOO_LARGE');
    await nothingOf('2.4.0-big');
  });

  it('refuses an mf-manifest.json that is not JSON or names files not uploaded (422)', async () => {
    const v = await build('2.5.0-mf');
    const { [v.entry]: _e, [`${v.entry}.br`]: _b, [`${v.entry}.gz`]: _g, ...files } = v.body;
    const { [v.entry]: _ie, [`${v.entry}.br`]: _ib, [`${v.entry}.gz`]: _ig, ...integrity } = v.integrity;
    refused(await upload('2.5.0-mf', { integrity, files }), 422, 'INCOMPLETE_VERSION');
    const notJson = Buffer.from('{not json');
    refused(
      await upload('2.5.0-mf', {
        integrity: { ...v.integrity, 'mf-manifest.json': sha384Integrity(notJson) },
        files: { ...v.body, 'mf-manifest.json': notJson.toString('base64') },
      }),
      422,
      'INVALID_MF_MANIFEST',
    );
    await nothingOf('2.5.0-mf');
  });

  it('takes a release manager or a deploy key for that remote; nobody else', async () => {
    const v = await build('2.6.0-who');
    const payload = { integrity: v.integrity, files: v.body };
    refused(await upload('2.6.0-who', payload, {}), 401, 'STAFF_SESSION_REQUIRED');
    // Who it is is known before the body is looked at: a bad body without a token is a 401 too.
    refused(await upload('2.6.0-who', { files: 'not even an object' }, {}), 401, 'STAFF_SESSION_REQUIRED');
    const player = await t.signedInPlayer();
    refused(await upload('2.6.0-who', payload, player.headers), 403, 'SECOND_FACTOR_REQUIRED');
    refused(
      await upload('2.6.0-who', { files: 'not even an object' }, player.headers),
      403,
      'SECOND_FACTOR_REQUIRED',
    );
    const key = async (remote: string, name: string) => {
      const res = await t.post(
        '/releases/deploy-keys',
        {
          name,
          remote,
          actions: ['publish'],
          expires_at: new Date(t.clock.now() + 86_400_000).toISOString(),
        },
        rm.headers,
      );
      expect(res.statusCode, res.body).toBe(201);
      return { authorization: `Bearer ${json(res).token}` };
    };
    const lobbyKey = await key('lobby', `lobby-ci-${mode}-${store}`);
    refused(await upload('2.6.0-who', payload, lobbyKey), 403, 'DEPLOY_KEY_SCOPE');
    await nothingOf('2.6.0-who');
    const walletKey = await key('wallet', `wallet-ci-${mode}-${store}`);
    const res = await upload('2.6.0-who', payload, walletKey);
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).published_by).toBe(`deploy-key:wallet-ci-${mode}-${store}`);
  });
});
