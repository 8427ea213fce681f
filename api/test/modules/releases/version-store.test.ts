/**
 * The version store's two backends (docs/decisions/049-version-store.md), through the one
 * interface: a version is put whole, read file by file, listed with its hashes; the same files
 * again change nothing, other files are refused (409) and the first stay; nothing is read from
 * outside a version; a retired version is removed whole, and nothing else with it (decision 058).
 * The database store on SQLite and PostgreSQL, the folder store on disk.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha384Integrity } from '../../../src/lib/crypto.js';
import { AppError } from '../../../src/lib/errors.js';
import {
  DatabaseStore,
  FolderStore,
  filesOfFolder,
  isUploadFolder,
  UPLOAD_MARKER,
  type VersionStore,
} from '../../../src/modules/releases/version-store.js';
import { DB_MODES, startApp, type TestApp } from '../../helpers.js';

const files = (tag: string) =>
  new Map<string, Buffer>([
    ['mf-manifest.json', Buffer.from(JSON.stringify({ name: 'wallet', tag }))],
    ['static/js/wallet.js', Buffer.from(`/* wallet ${tag} */`)],
    ['static/js/wallet.js.br', Buffer.from([0x8b, 0x00, 0xff, 0x10])],
    ['static/css/x.css', Buffer.alloc(70_000, 0xab)],
  ]);

// Both databases: SQL: the database version store keeps files as blobs (bytea on PostgreSQL).
const backends: [string, () => Promise<{ store: VersionStore; done: () => Promise<void>; root?: string }>][] =
  [
    [
      'folder',
      async () => {
        const root = mkdtempSync(join(tmpdir(), 'mchezo-store-'));
        return {
          store: new FolderStore(root),
          root,
          done: async () => rmSync(root, { recursive: true, force: true }),
        };
      },
    ],
    ...DB_MODES.map(
      (mode) =>
        [
          `database on ${mode}`,
          async () => {
            const t: TestApp = await startApp(mode);
            return { store: new DatabaseStore(t.app.ctx.database), done: () => t.close() };
          },
        ] as [string, () => Promise<{ store: VersionStore; done: () => Promise<void> }>],
    ),
  ];

describe.each(backends)('version store: %s', (_name, make) => {
  let store: VersionStore;
  let done: () => Promise<void>;
  let root: string | undefined;
  beforeAll(async () => {
    ({ store, done, root } = await make());
  });
  afterAll(() => done());

  it('puts a version whole, lists it with its hashes and reads each file byte for byte', async () => {
    expect(await store.list('wallet', '1.0.0-a')).toBeUndefined();
    const a = files('a');
    await store.put('wallet', '1.0.0-a', a);
    expect(await store.list('wallet', '1.0.0-a')).toEqual(
      Object.fromEntries([...a].map(([p, b]) => [p, sha384Integrity(b)])),
    );
    for (const [path, bytes] of a)
      expect((await store.read('wallet', '1.0.0-a', path))?.equals(bytes)).toBe(true);
    expect(await store.read('wallet', '1.0.0-a', 'static/js/none.js')).toBeUndefined();
    expect(await store.read('wallet', '1.0.0-b', 'mf-manifest.json')).toBeUndefined();
    expect(await store.read('lobby', '1.0.0-a', 'mf-manifest.json')).toBeUndefined();
  });

  it('keeps a version as first put: the same files again are fine, other files 409', async () => {
    const a = files('same');
    await store.put('wallet', '1.1.0', a);
    await store.put('wallet', '1.1.0', files('same'));
    const other = files('other');
    const refused = await store.put('wallet', '1.1.0', other).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(409);
    expect(
      (await store.read('wallet', '1.1.0', 'mf-manifest.json'))?.equals(a.get('mf-manifest.json') as Buffer),
    ).toBe(true);
    // A subset or a superset is other files too.
    const fewer = new Map(a);
    fewer.delete('static/css/x.css');
    expect(await store.put('wallet', '1.1.0', fewer).catch((e: AppError) => e.statusCode)).toBe(409);
  });

  it('two puts of the same version at once both succeed and store it once', async () => {
    const a = files('race');
    await Promise.all([store.put('wallet', '1.2.0', a), store.put('wallet', '1.2.0', files('race'))]);
    expect(Object.keys((await store.list('wallet', '1.2.0')) ?? {}).sort()).toEqual([...a.keys()].sort());
    if (root) expect(readdirSync(join(root, 'wallet')).filter((n) => n.includes('.tmp-'))).toEqual([]);
  });

  it('reads nothing outside a version, and refuses to put a path outside one', async () => {
    await store.put('wallet', '1.3.0', files('in'));
    for (const path of [
      '../1.0.0-a/mf-manifest.json',
      '/etc/passwd',
      'static/../../1.0.0-a/mf-manifest.json',
      '',
    ])
      expect(await store.read('wallet', '1.3.0', path)).toBeUndefined();
    expect(await store.read('wallet', '..', 'wallet/1.3.0/mf-manifest.json')).toBeUndefined();
    const evil = new Map([['../escape.js', Buffer.from('x')]]);
    await expect(store.put('wallet', '1.4.0', evil)).rejects.toThrow();
    expect(await store.list('wallet', '1.4.0')).toBeUndefined();
    if (root) expect(existsSync(join(root, 'wallet', 'escape.js'))).toBe(false);
  });

  it('refuses (400 INVALID_VERSION_PATH) a path the contracts refuse, and stores nothing of the version', async () => {
    const cases: [string, string[]][] = [
      ['1.6.0', ['a\0b.js']],
      ['1.6.1', ['x'.repeat(300)]],
      ['1.6.2', ['x', 'x/y.js']],
      ['1.6.3', ['__proto__']],
      ['1.6.4', ['static/.hidden']],
    ];
    for (const [version, paths] of cases) {
      const put = new Map([...files(version), ...paths.map((p) => [p, Buffer.from('x')] as const)]);
      const err = await store.put('wallet', version, put).catch((e: unknown) => e);
      expect(err, paths.join(' + ')).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ statusCode: 400, extra: { code: 'INVALID_VERSION_PATH' } });
      expect(await store.list('wallet', version)).toBeUndefined();
      if (root) expect(existsSync(join(root, 'wallet', version))).toBe(false);
    }
  });

  it('removes a version whole, leaving every other; nothing outside the store, and an absent one is a no-op', async () => {
    await store.put('wallet', '1.5.0', files('gone'));
    await store.put('wallet', '1.5.1', files('stays'));
    await store.put('lobby', '1.5.0', files('lobby'));
    await store.remove('wallet', '1.5.0');
    expect(await store.list('wallet', '1.5.0')).toBeUndefined();
    expect(await store.read('wallet', '1.5.0', 'mf-manifest.json')).toBeUndefined();
    expect(Object.keys((await store.list('wallet', '1.5.1')) ?? {})).toHaveLength(4);
    expect(Object.keys((await store.list('lobby', '1.5.0')) ?? {})).toHaveLength(4);
    await store.remove('wallet', '1.5.0');
    await store.remove('profile', '9.9.9');
    // Put again after a remove: the store takes it (VersionService never lets a retired name back).
    await store.put('wallet', '1.5.0', files('gone'));
    expect(Object.keys((await store.list('wallet', '1.5.0')) ?? {})).toHaveLength(4);
    if (!root) return;
    expect(readdirSync(join(root, 'wallet')).filter((n) => n.includes('.tmp-'))).toEqual([]);
    // Names that are not one plain folder name are refused, and nothing is removed.
    for (const [remote, version] of [
      ['wallet', '..'],
      ['wallet', '.'],
      ['..', 'wallet'],
      ['wallet', ''],
      ['', 'wallet'],
      ['wallet', '1.5.1/../1.5.0'],
    ] as const)
      await expect(store.remove(remote, version)).rejects.toThrow();
    expect(Object.keys((await store.list('wallet', '1.5.0')) ?? {})).toHaveLength(4);
    expect(Object.keys((await store.list('wallet', '1.5.1')) ?? {})).toHaveLength(4);
  });

  it('the folder store marks an upload inside its folder, and the mark is never a file of it', async () => {
    await store.put('lobby', '2.0.0', files('marked'), 'deploy key ci');
    expect(Object.keys((await store.list('lobby', '2.0.0')) ?? {}).sort()).toEqual(
      [...files('marked').keys()].sort(),
    );
    expect(await store.read('lobby', '2.0.0', UPLOAD_MARKER)).toBeUndefined();
    // The same files again are the same version: the mark is not one of them.
    await store.put('lobby', '2.0.0', files('marked'));
    if (!root) return;
    const dir = join(root, 'lobby', '2.0.0');
    expect(isUploadFolder(dir)).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, UPLOAD_MARKER), 'utf8'))).toMatchObject({
      uploaded_by: 'deploy key ci',
    });
    expect([...(await filesOfFolder(dir)).keys()]).not.toContain(UPLOAD_MARKER);
    await store.remove('lobby', '2.0.0');
    expect(existsSync(dir)).toBe(false);
  });
});
