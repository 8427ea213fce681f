/**
 * Retiring a version (docs/decisions/058-retiring-versions.md): `POST
 * /releases/remotes/:remote/versions/:version/retire {reason}` removes an old version's files from
 * the version store and keeps it listed as retired (who, when, why); the active version, the
 * canary and a version under a tester's override are refused, as are a deploy key, a player and
 * bad input, none of them changing anything; a retired version never goes in front of players
 * again (activate, canary, override, either roll back), not even when a retire and an activate
 * race, and its name is never published again. On
 * SQLite and PostgreSQL, with the database store and the folder store.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesOfFolder, hashesOf, versionStoreFrom } from '../../../src/modules/releases/version-store.js';
import { DB_MODES, freshPhone, type Json, json, startApp, type TestApp } from '../../helpers.js';
import { asStaff, type StaffPlayer, signInAgain } from '../../staff-kit.js';
import { makeCdn, makeVersion } from './fixtures.js';

const STORES = ['database', 'folder'] as const;
// Both databases: concurrency: a retire and an activate race (compare-and-swap).
const cases = DB_MODES.flatMap((mode) => STORES.map((store) => [mode, store] as const));
const DAY = 24 * 60 * 60 * 1000;

describe.each(cases)('retire a version (%s, %s store)', (mode, store) => {
  let t: TestApp;
  let cdn: string;
  /** Where "CI" builds versions: never the store. */
  let builds: string;
  let rm: StaffPlayer;
  const rmPhone = freshPhone();
  /** The revision with the lobby at `old-2`, and the one with it disabled at `old-2`. */
  let withOld2: number;
  let disabledAtOld2: number;

  /** Builds and uploads a lobby version: its upload body. */
  const publish = async (version: string) => {
    await makeVersion(builds, 'lobby', version);
    const files = await filesOfFolder(join(builds, 'remotes', 'lobby', version));
    const body = {
      integrity: hashesOf(files),
      files: Object.fromEntries([...files].map(([p, b]) => [p, b.toString('base64')])),
    };
    const res = await upload(version, body);
    expect(res.statusCode, res.body).toBe(201);
    return body;
  };
  const upload = (version: string, payload: Json) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/releases/remotes/lobby/versions/${version}`,
      payload,
      headers: rm.headers,
    });
  const manifest = async () => json(await t.get('/releases/manifest'));
  const change = async (path: string, body: Json = {}) =>
    t.post(
      `/releases${path}`,
      { base_revision: (await manifest()).revision, reason: 'a test of retire', ...body },
      rm.headers,
    );
  const ok = async (path: string, body: Json = {}) => {
    const res = await change(path, body);
    expect(res.statusCode, res.body).toBe(200);
    return json(res);
  };
  const retire = (version: string, body: Json = { reason: 'CI build nobody needs' }, headers = rm.headers) =>
    t.post(`/releases/remotes/lobby/versions/${version}/retire`, body, headers);
  const refused = (res: { statusCode: number; body: string }, status: number, code?: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(json(res as never).error).toEqual(expect.any(String));
    if (code) expect(json(res as never).code).toBe(code);
  };
  const storeOf = () => {
    const s = versionStoreFrom(t.app.ctx.env, t.app.ctx.database);
    if (!s) throw new Error('no store');
    return s;
  };
  const listed = async (version: string) => {
    const { remotes } = json(await t.get('/releases/remotes', rm.headers));
    return remotes.find((r: Json) => r.name === 'lobby').versions.find((v: Json) => v.version === version);
  };
  const served = async (version: string) =>
    (await t.app.inject({ url: `/remotes/lobby/${version}/mf-manifest.json` })).statusCode;
  /** Still published, in the store and served, not retired. */
  const kept = async (version: string) => {
    expect(await storeOf().list('lobby', version)).toBeDefined();
    expect(await served(version)).toBe(200);
    expect((await listed(version)).retired_at).toBeNull();
  };

  beforeAll(async () => {
    cdn = makeCdn();
    builds = mkdtempSync(join(tmpdir(), 'mchezo-builds-'));
    t = await startApp(mode, { SITE_DIR: cdn, RELEASES_STORE: store, RELEASE_MANAGER_PHONES: rmPhone });
    rm = await asStaff(t, await t.signedInPlayer(rmPhone));
    for (const v of ['live', 'canary', 'tested', 'old-1', 'old-2']) await publish(v);
    withOld2 = (await ok('/remotes/lobby/activate', { version: 'old-2' })).revision;
    disabledAtOld2 = (await ok('/remotes/lobby/disable')).revision;
    await ok('/remotes/lobby/enable');
    await ok('/remotes/lobby/activate', { version: 'live' });
    await ok('/remotes/lobby/canary', { version: 'canary', percent: 10 });
    const override = await t.post(
      '/releases/overrides',
      { remote: 'lobby', version: 'tested', minutes: 30, reason: 'QA on a phone' },
      rm.headers,
    );
    expect(override.statusCode, override.body).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    rmSync(cdn, { recursive: true, force: true });
    rmSync(builds, { recursive: true, force: true });
  });

  it('removes a version nobody uses from the store, and lists it as retired with who, when and why', async () => {
    await kept('old-1');
    const res = await retire('old-1', { reason: '  Superseded by live  ' });
    expect(res.statusCode, res.body).toBe(200);
    const retired = {
      version: 'old-1',
      retired_at: new Date(t.clock.now()).toISOString(),
      retired_by: rmPhone,
      retire_reason: 'Superseded by live',
    };
    expect(json(res)).toMatchObject(retired);
    expect(await listed('old-1')).toMatchObject({ ...retired, published_by: rmPhone });
    // Its files: gone from the store (the folder too, for the folder store), no longer served.
    expect(await storeOf().list('lobby', 'old-1')).toBeUndefined();
    expect(await storeOf().read('lobby', 'old-1', 'mf-manifest.json')).toBeUndefined();
    expect(existsSync(join(cdn, 'remotes', 'lobby', 'old-1'))).toBe(false);
    expect(await served('old-1')).toBe(404);
    if (store === 'database') {
      const rows = await t.app.ctx.database.db
        .selectFrom('release_files')
        .select('path')
        .where('remote', '=', 'lobby')
        .where('version', '=', 'old-1')
        .execute();
      expect(rows).toEqual([]);
    }
    // The others are untouched.
    for (const v of ['live', 'canary', 'tested', 'old-2']) await kept(v);
  });

  it('refuses the active version, the canary, a version under an override, twice, and unknown versions; nothing changes', async () => {
    const before = (await manifest()).revision;
    refused(await retire('live'), 409, 'VERSION_ACTIVE');
    expect(json(await retire('live')).error).toMatch(/lobby live is lobby's active version/);
    refused(await retire('canary'), 409, 'VERSION_CANARY');
    refused(await retire('tested'), 409, 'VERSION_OVERRIDDEN');
    expect(json(await retire('tested')).error).toMatch(/override of lobby tested runs until/);
    refused(await retire('old-1'), 409, 'ALREADY_RETIRED');
    refused(await retire('never-published'), 404, 'NOT_FOUND');
    // A disabled remote's version is still its active version.
    await ok('/remotes/lobby/disable');
    refused(await retire('live'), 409, 'VERSION_ACTIVE');
    await ok('/remotes/lobby/enable');
    for (const v of ['live', 'canary', 'tested', 'old-2']) await kept(v);
    expect((await listed('old-1')).retire_reason).toBe('Superseded by live');
    expect((await manifest()).revision).toBe(before + 2);
  });

  it('takes a release manager only: not a deploy key, a player or no token; bad input is a 400', async () => {
    const key = await t.post(
      '/releases/deploy-keys',
      {
        name: `lobby-ci-${mode}-${store}`,
        remote: 'lobby',
        actions: ['publish', 'canary'],
        max_canary_percent: 25,
        expires_at: new Date(t.clock.now() + 30 * DAY).toISOString(),
      },
      rm.headers,
    );
    expect(key.statusCode, key.body).toBe(201);
    refused(
      await retire('old-2', undefined, { authorization: `Bearer ${json(key).token}` }),
      403,
      'DEPLOY_KEY_SCOPE',
    );
    const player = await t.signedInPlayer();
    refused(await retire('old-2', undefined, player.headers), 403);
    refused(await retire('old-2', undefined, {}), 401);
    for (const body of [
      {},
      { reason: '   ' },
      { reason: 'x'.repeat(501) },
      { reason: 'ok', base_revision: 1 },
      ['why'],
    ])
      refused(await retire('old-2', body as Json), 400);
    refused(await t.post('/releases/remotes/lobby/versions/_x/retire', { reason: 'why' }, rm.headers), 400);
    refused(
      await t.post('/releases/remotes/arcade/versions/old-2/retire', { reason: 'why' }, rm.headers),
      400,
    );
    await kept('old-2');
  });

  it('never lets a retired version in front of players again, nor its name be published again', async () => {
    const res = await retire('old-2', { reason: 'Rolled past it' });
    expect(res.statusCode, res.body).toBe(200);
    const before = await manifest();
    const retiredRefusal = (r: { statusCode: number; body: string }) => {
      refused(r, 409, 'VERSION_RETIRED');
      expect(json(r as never).error).toMatch(/lobby old-2 was retired/);
    };
    retiredRefusal(await change('/remotes/lobby/activate', { version: 'old-2' }));
    await ok('/remotes/lobby/canary/abort');
    retiredRefusal(await change('/remotes/lobby/canary', { version: 'old-2', percent: 10 }));
    retiredRefusal(
      await t.post(
        '/releases/overrides',
        { remote: 'lobby', version: 'old-2', minutes: 5, reason: 'QA' },
        rm.headers,
      ),
    );
    // A revision that names it: live, or disabled (enabling it later would put it live).
    for (const revision of [withOld2, disabledAtOld2]) {
      retiredRefusal(await change('/rollback', { revision }));
      retiredRefusal(await change('/remotes/lobby/rollback', { revision }));
    }
    const after = await manifest();
    expect(after.revision).toBe(before.revision + 1);
    expect(after.remotes.lobby.version).toBe('live');

    // Its name, whatever the files (its own, or others), and a folder publish of it.
    const files = await filesOfFolder(join(builds, 'remotes', 'lobby', 'old-2'));
    retiredRefusal(
      await upload('old-2', {
        integrity: hashesOf(files),
        files: Object.fromEntries([...files].map(([p, b]) => [p, b.toString('base64')])),
      }),
    );
    retiredRefusal(
      await t.post(
        '/releases/remotes/lobby/versions',
        { version: 'old-2', integrity: hashesOf(files) },
        rm.headers,
      ),
    );
    expect(await storeOf().list('lobby', 'old-2')).toBeUndefined();
    expect(await served('old-2')).toBe(404);
    expect((await listed('old-2')).retire_reason).toBe('Rolled past it');
  });

  it('a retire and an activate of the same version at once: never both', async () => {
    for (let i = 0; i < 6; i++) {
      const version = `race-${i}`;
      await publish(version);
      const [retired, activated] = await Promise.all([
        retire(version),
        change('/remotes/lobby/activate', { version }),
      ]);
      const live = (await manifest()).remotes.lobby.version === version;
      // One of them wins; whichever comes second is refused by the other's row lock.
      expect([retired.statusCode, activated.statusCode].sort(), `${retired.body} ${activated.body}`).toEqual([
        200, 409,
      ]);
      expect(live).toBe(activated.statusCode === 200);
      expect((await listed(version)).retired_at === null).toBe(live);
      expect((await storeOf().list('lobby', version)) !== undefined).toBe(live);
      if (live) await ok('/remotes/lobby/activate', { version: 'live' });
    }
  });

  it('retires a version once its tester override has expired', async () => {
    refused(await retire('tested'), 409, 'VERSION_OVERRIDDEN');
    t.clock.advance(31 * 60 * 1000);
    await signInAgain(t, rm);
    const res = await retire('tested', { reason: 'QA done' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storeOf().list('lobby', 'tested')).toBeUndefined();
  });
});
