/**
 * Every file name a client can send in an upload (`PUT /releases/remotes/:remote/versions/:version`)
 * is answered 4xx, never 5xx, and stores nothing: names that are also Object.prototype's
 * (`constructor`, `toString`…), a NUL, a segment or a path too long for a file system, a file
 * that is also another's folder (`x` beside `x/y.js`), and generated ones from a fixed seed.
 * One rule at the edge (`VersionFilePath` in shared/contracts/src/releases.ts), the same rule in
 * the stores. On SQLite and PostgreSQL, with the database store and the folder store.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha384Integrity } from '../../../src/lib/crypto.js';
import { filesOfFolder, versionStoreFrom } from '../../../src/modules/releases/version-store.js';
import { DB_MODES, freshPhone, type Json, json, type Player, startApp, type TestApp } from '../../helpers.js';
import { asStaff } from '../../staff-kit.js';
import { makeCdn, makeVersion } from './fixtures.js';

const STORES = ['database', 'folder'] as const;
const cases = DB_MODES.flatMap((mode) => STORES.map((store) => [mode, store] as const));

/** Names every plain object answers to: ordinary file names, which no lookup may take for a file. */
const PROTOTYPE_NAMES = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', 'static/constructor'];

/** Names no version file may have: the audit's NUL, 300 characters and kin. */
const NAMED = [
  '__proto__',
  'static/__proto__/x.js',
  'a\0b.js',
  '\0',
  'static/js/\0.js',
  'x'.repeat(300),
  `static/${'a'.repeat(256)}.js`,
  `${'abcdefgh/'.repeat(60)}x.js`,
  'a/',
  'a//b.js',
  ' ',
  'a b.js',
  'a\nb.js',
  'a\tb.js',
  'é.js',
  'a?b.js',
  'a#b.js',
  'a:b.js',
  'a*b.js',
  'a"b.js',
  'a<b>.js',
  'a|b.js',
  '%2e%2e/x.js',
  '.hidden',
  'static/.x.js',
  '\u202ejs.exe',
  '\ud800.js',
  'static/js/../../x.js',
];

/** A fixed-seed generator (mulberry32): the same hostile names on every run. */
function generated(count: number): string[] {
  let seed = 0x36c0ffee;
  const next = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pool = [
    'a',
    'Z',
    '0',
    '.',
    '..',
    '/',
    '\\',
    '\0',
    ' ',
    '-',
    '_',
    '~',
    '%',
    '\u00e9',
    '\u202e',
    ':',
    'constructor',
  ];
  return Array.from({ length: count }, () => {
    const parts = Array.from({ length: 1 + Math.floor(next() * 12) }, () =>
      next() < 0.1
        ? 'q'.repeat(Math.floor(next() * 400))
        : (pool[Math.floor(next() * pool.length)] as string),
    );
    // Each gets at least one thing no version file name may have, anywhere in it.
    const hostile = ['\0', '/../', '\\', '//', 'q'.repeat(300), '\u202e', ' ', ':', '\n'];
    const at = Math.floor(next() * (parts.length + 1));
    parts.splice(at, 0, hostile[Math.floor(next() * hostile.length)] as string);
    return parts.join('');
  });
}

describe.each(cases)('upload names (%s, %s store)', (mode, store) => {
  let t: TestApp;
  let cdn: string;
  let builds: string;
  let rm: Player;
  const rmPhone = freshPhone();
  let v: { integrity: Record<string, string>; body: Record<string, string> };

  beforeAll(async () => {
    cdn = makeCdn();
    builds = mkdtempSync(join(tmpdir(), 'mchezo-builds-'));
    t = await startApp(mode, { SITE_DIR: cdn, RELEASES_STORE: store, RELEASE_MANAGER_PHONES: rmPhone });
    rm = await asStaff(t, await t.signedInPlayer(rmPhone));
    await makeVersion(builds, 'wallet', '5.0.0');
    const files = await filesOfFolder(join(builds, 'remotes', 'wallet', '5.0.0'));
    v = {
      integrity: Object.fromEntries([...files].map(([p, b]) => [p, sha384Integrity(b)])),
      body: Object.fromEntries([...files].map(([p, b]) => [p, b.toString('base64')])),
    };
  });
  afterAll(async () => {
    await t.close();
    rmSync(cdn, { recursive: true, force: true });
    rmSync(builds, { recursive: true, force: true });
  });

  const upload = (version: string, payload: Json) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/releases/remotes/wallet/versions/${version}`,
      payload,
      headers: rm.headers,
    });

  /** The body with `name` added to integrity, files or both (each the same small file). */
  function withName(name: string, where: 'both' | 'integrity' | 'files') {
    const bytes = Buffer.from('/* hostile */');
    const integrity = { ...v.integrity };
    const files = { ...v.body };
    // defineProperty: `__proto__` as an own key, as JSON.parse makes it from a client's body.
    if (where !== 'files')
      Object.defineProperty(integrity, name, { value: sha384Integrity(bytes), enumerable: true });
    if (where !== 'integrity')
      Object.defineProperty(files, name, { value: bytes.toString('base64'), enumerable: true });
    return { integrity, files };
  }

  it('names Object.prototype has: 400 when named on one side only, stored under that name when on both', async () => {
    let n = 0;
    for (const name of PROTOTYPE_NAMES) {
      for (const where of ['integrity', 'files'] as const) {
        const version = `5.0.${n++}`;
        const res = await upload(version, withName(name, where));
        expect(res.statusCode, `${name} in ${where}: ${res.body}`).toBe(400);
        expect(json(res).code).toBe('UPLOAD_PATHS_DIFFER');
        expect(
          await versionStoreFrom(t.app.ctx.env, t.app.ctx.database)?.list('wallet', version),
        ).toBeUndefined();
      }
      const version = `5.0.${n++}`;
      const res = await upload(version, withName(name, 'both'));
      expect(res.statusCode, `${name} in both: ${res.body}`).toBe(201);
      const s = versionStoreFrom(t.app.ctx.env, t.app.ctx.database);
      const held = await s?.list('wallet', version);
      expect(Object.hasOwn(held ?? {}, name)).toBe(true);
      expect((await s?.read('wallet', version, name))?.toString()).toBe('/* hostile */');
    }
  });

  it('answers 4xx for every hostile name, wherever it is named, and stores nothing', async () => {
    const names = [...NAMED, ...generated(120)];
    const failures: string[] = [];
    let n = 0;
    for (const name of names)
      for (const where of ['both', 'integrity', 'files'] as const) {
        const version = `5.1.${n++}`;
        const res = await upload(version, withName(name, where));
        if (res.statusCode < 400 || res.statusCode >= 500)
          failures.push(`${JSON.stringify(name)} in ${where}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        else expect(json(res).error, res.body).toEqual(expect.any(String));
      }
    expect(failures.filter((f) => / 5\d\d /.test(f)).slice(0, 8)).toEqual([]);
    expect(failures).toEqual([]);
    // Nothing of any of them: not listed, not in the store, no folder left behind.
    const listed = json(await t.get('/releases/remotes', rm.headers));
    const wallet = listed.remotes.find((r: Json) => r.name === 'wallet');
    expect(wallet.versions.filter((x: Json) => x.version.startsWith('5.1.'))).toEqual([]);
    const s = versionStoreFrom(t.app.ctx.env, t.app.ctx.database);
    for (let i = 0; i < n; i += 37) expect(await s?.list('wallet', `5.1.${i}`)).toBeUndefined();
    const rows = await t.app.ctx.database.db
      .selectFrom('release_files')
      .select('version')
      .where('version', 'like', '5.1.%')
      .execute();
    expect(rows).toEqual([]);
    // Not even a half-written folder aside (`<version>.tmp-…`).
    const folder = join(cdn, 'remotes', 'wallet');
    const left = existsSync(folder) ? readdirSync(folder).filter((d) => d.startsWith('5.1.')) : [];
    expect(left).toEqual([]);
  });

  it('a file beside a folder of the same name is refused (400), either way round', async () => {
    const bytes = Buffer.from('x');
    const add = (paths: string[]) => ({
      integrity: { ...v.integrity, ...Object.fromEntries(paths.map((p) => [p, sha384Integrity(bytes)])) },
      files: { ...v.body, ...Object.fromEntries(paths.map((p) => [p, bytes.toString('base64')])) },
    });
    for (const [i, paths] of [
      ['x', 'x/y.js'],
      ['x/y.js', 'x'],
      ['static/js'],
      ['mf-manifest.json/a'],
    ].entries()) {
      const res = await upload(`5.2.${i}`, add(paths));
      expect(res.statusCode, `${paths.join(' + ')}: ${res.body}`).toBe(400);
      expect(json(res).code).toBe('VALIDATION_ERROR');
    }
  });

  it('the same rule for a publish of a folder already in the store (400, nothing listed)', async () => {
    for (const name of ['a\0b', 'x'.repeat(300), '__proto__/x', 'mf-manifest.json/x']) {
      const res = await t.post(
        '/releases/remotes/wallet/versions',
        { version: '5.3.0', integrity: { ...v.integrity, [name]: v.integrity['mf-manifest.json'] } },
        rm.headers,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res).code).toBe('VALIDATION_ERROR');
    }
  });

  it('a version with ordinary names still uploads', async () => {
    const res = await upload('5.4.0', { integrity: v.integrity, files: v.body });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toMatchObject({ version: '5.4.0', files: Object.keys(v.integrity).length });
  });
});
