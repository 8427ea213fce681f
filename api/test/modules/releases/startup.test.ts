/**
 * Start-up never activates anything (docs/decisions/059-canary-floors-and-start-up.md): a restart
 * publishes the newest builds; only the first manifest of a fresh data folder names them.
 */
import { rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { ReleaseManifest } from '@mchezo/contracts/releases';
import type { RemoteNameValue } from '@mchezo/contracts/releases-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { loadEnv } from '../../../src/env.js';
import { filesOfFolder } from '../../../src/modules/releases/version-store.js';
import {
  bearer,
  DB_MODES,
  freshPhone,
  type Json,
  json,
  type Player,
  startApp,
  type TestApp,
} from '../../helpers.js';
import { asStaff } from '../../staff-kit.js';
import { makeCdn, makeVersion } from './fixtures.js';

describe.each(DB_MODES)('start-up keeps release decisions (%s)', (mode) => {
  let t: TestApp;
  let cdn: string;
  let rm: Player;
  const rmPhone = freshPhone();
  let age = 1_000_000;

  /** A build folder, newer than every one made before it. */
  const built = async (remote: RemoteNameValue, version: string) => {
    const integrity = await makeVersion(cdn, remote, version);
    age -= 1000;
    const when = new Date(Date.now() - age * 1000);
    utimesSync(join(cdn, 'remotes', remote, version), when, when);
    return integrity;
  };
  /** Starts a second app on the same database, as a restart does, and stops it. */
  const restart = async () => {
    const again = buildApp(t.env, { logger: false, clock: t.clock, database: t.app.ctx.database });
    await again.ready();
    await again.close();
  };
  const manifest = async () => ReleaseManifest.parse(json(await t.get('/releases/manifest')));
  const change = async (path: string, body: Record<string, Json>) => {
    const res = await t.post(
      `/releases${path}`,
      { base_revision: (await manifest()).revision, reason: 'manager', ...body },
      rm.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    return json(res);
  };
  const published = async (remote: string) => {
    const list = json(await t.get('/releases/remotes', rm.headers));
    return list.remotes.find((r: Json) => r.name === remote).versions.map((v: Json) => v.version);
  };

  beforeAll(async () => {
    cdn = makeCdn();
    await built('lobby', '1.0.0-v1');
    await built('auth', '1.0.0-a1');
    t = await startApp(mode, {
      SITE_DIR: cdn,
      RELEASE_MANAGER_PHONES: rmPhone,
    });
    rm = await asStaff(t, await t.signedInPlayer(rmPhone));
  });
  afterAll(async () => {
    await t.close();
    rmSync(cdn, { recursive: true, force: true });
  });

  it('the first manifest of a fresh data folder names the builds', async () => {
    const m = await manifest();
    expect(m.revision).toBe(1);
    expect(m.remotes.lobby?.version).toBe('1.0.0-v1');
    expect(m.remotes.auth?.version).toBe('1.0.0-a1');
  });

  it('a rollback survives restarts: a newer build is listed, not activated', async () => {
    const integrity = await built('lobby', '1.0.0-v2');
    const first = (await manifest()).revision;
    const publish = await t.post(
      '/releases/remotes/lobby/versions',
      { version: '1.0.0-v2', integrity, reason: 'v2' },
      rm.headers,
    );
    expect(publish.statusCode, publish.body).toBe(201);
    await change('/remotes/lobby/activate', { version: '1.0.0-v2' });
    await change('/rollback', { revision: first });
    const decided = await manifest();
    expect(decided.remotes.lobby?.version).toBe('1.0.0-v1');

    await restart();
    expect(await manifest()).toEqual(decided);

    // A build newer still: published by start-up, but the manager's v1 stays live.
    await built('lobby', '1.0.0-v3');
    await restart();
    expect(await manifest()).toEqual(decided);
    expect(await published('lobby')).toContain('1.0.0-v3');
  });

  it('a new build is registered, never activated, though only start-up ever changed the remote', async () => {
    const before = await manifest();
    await built('auth', '1.0.0-a2');
    await restart();
    expect(await manifest()).toEqual(before);
    expect(await published('auth')).toContain('1.0.0-a2');
  });

  it('a remote the first manifest did not have: registered, not activated', async () => {
    await built('wallet', '1.0.0-w1');
    await restart();
    const m = await manifest();
    expect(m.remotes.wallet).toBeUndefined();
    expect(m.remotes.lobby?.version).toBe('1.0.0-v1');
    expect(await published('wallet')).toContain('1.0.0-w1');
  });

  it('RELEASES_ACTIVATE_LATEST asking for activation is refused, in one line', () => {
    for (const value of ['true', 'force', '1'])
      expect(() => loadEnv({ NODE_ENV: 'test', RELEASES_ACTIVATE_LATEST: value })).toThrow(
        /RELEASES_ACTIVATE_LATEST: is gone: start-up never activates/,
      );
    expect(() => loadEnv({ NODE_ENV: 'test', RELEASES_ACTIVATE_LATEST: 'false' })).not.toThrow();
  });
});

describe.each(DB_MODES)('start-up never activates what was uploaded (%s)', (mode) => {
  it('an upload with a publish-only key, then a restart: the manifest is unchanged', async () => {
    const cdn = makeCdn();
    await makeVersion(cdn, 'wallet', '1.0.0-built');
    const rmPhone = freshPhone();
    const t = await startApp(mode, {
      SITE_DIR: cdn,
      RELEASE_MANAGER_PHONES: rmPhone,
    });
    try {
      const rm = await asStaff(t, await t.signedInPlayer(rmPhone));
      const key = await t.post(
        '/releases/deploy-keys',
        {
          name: 'wallet-publish',
          remote: 'wallet',
          actions: ['publish'],
          expires_at: new Date(t.clock.now() + 86_400_000).toISOString(),
        },
        rm.headers,
      );
      expect(key.statusCode, key.body).toBe(201);
      const before = ReleaseManifest.parse(json(await t.get('/releases/manifest')));
      expect(before.remotes.wallet?.version).toBe('1.0.0-built');

      // CI's build, uploaded into the store (here the builds folder itself): the newest on disk.
      const elsewhere = makeCdn();
      const integrity = await makeVersion(elsewhere, 'wallet', '9.9.9-profile');
      const dir = join(elsewhere, 'remotes', 'wallet', '9.9.9-profile');
      const files = await filesOfFolder(dir);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/releases/remotes/wallet/versions/9.9.9-profile',
        payload: {
          integrity,
          files: Object.fromEntries([...files].map(([p, b]) => [p, b.toString('base64')])),
          reason: 'ci',
        },
        headers: bearer(json(key).token),
      });
      expect(res.statusCode, res.body).toBe(201);
      rmSync(elsewhere, { recursive: true, force: true });

      const again = buildApp(t.env, { logger: false, clock: t.clock, database: t.app.ctx.database });
      await again.ready();
      await again.close();
      expect(ReleaseManifest.parse(json(await t.get('/releases/manifest')))).toEqual(before);
    } finally {
      await t.close();
      rmSync(cdn, { recursive: true, force: true });
    }
  });
});

describe.each(DB_MODES)('the first manifest names only builds, never an upload (%s)', (mode) => {
  it('a fresh database beside a builds folder holding a newer upload: the build goes live', async () => {
    const cdn = makeCdn();
    await makeVersion(cdn, 'lobby', '1.0.0-built');
    const old = new Date(Date.now() - 3_600_000);
    utimesSync(join(cdn, 'remotes', 'lobby', '1.0.0-built'), old, old);
    const rmPhone = freshPhone();
    // The folder store is the builds folder (`npm start`'s layout): uploads land beside builds.
    const first = await startApp(mode, { SITE_DIR: cdn, RELEASE_MANAGER_PHONES: rmPhone });
    let fresh: TestApp | undefined;
    try {
      expect(first.app.ctx.env.RELEASES_STORE).toBe('folder');
      const rm = await asStaff(first, await first.signedInPlayer(rmPhone));
      const elsewhere = makeCdn();
      const integrity = await makeVersion(elsewhere, 'lobby', 'toString');
      const files = await filesOfFolder(join(elsewhere, 'remotes', 'lobby', 'toString'));
      rmSync(elsewhere, { recursive: true, force: true });
      const res = await first.app.inject({
        method: 'PUT',
        url: '/api/v1/releases/remotes/lobby/versions/toString',
        payload: {
          integrity,
          files: Object.fromEntries([...files].map(([p, b]) => [p, b.toString('base64')])),
          reason: 'uploaded, never canaried',
        },
        headers: rm.headers,
      });
      expect(res.statusCode, res.body).toBe(201);

      // A fresh (or restored) database on the same folder: the upload is the newest folder there.
      fresh = await startApp(mode, { SITE_DIR: cdn, RELEASE_MANAGER_PHONES: rmPhone });
      const m = ReleaseManifest.parse(json(await fresh.get('/releases/manifest')));
      expect(m.revision).toBe(1);
      expect(m.remotes.lobby?.version).toBe('1.0.0-built');
      const freshRm = await asStaff(fresh, await fresh.signedInPlayer(rmPhone));
      const list = json(await fresh.get('/releases/remotes', freshRm.headers));
      const lobby = list.remotes.find((r: Json) => r.name === 'lobby').versions.map((v: Json) => v.version);
      expect(lobby).toEqual(expect.arrayContaining(['1.0.0-built', 'toString']));
    } finally {
      await fresh?.close();
      await first.close();
      rmSync(cdn, { recursive: true, force: true });
    }
  });
});
