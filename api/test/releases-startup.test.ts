/**
 * Start never undoes a release decision (docs/decisions/021-release-decisions-survive-restarts.md):
 * a restart publishes the newest builds, and activates one only for a remote no revision has had,
 * a remote only start-up has changed (RELEASES_ACTIVATE_LATEST=true), or when asked with `force`.
 */
import { rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { ReleaseManifest } from '@mchezo/contracts/releases';
import type { RemoteNameValue } from '@mchezo/contracts/releases-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Env } from '../src/env.js';
import { DB_MODES, freshPhone, type Json, json, type Player, startApp, type TestApp } from './helpers.js';
import { makeCdn, makeVersion } from './releases-fixtures.js';
import { asStaff } from './staff-kit.js';

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
  const restart = async (activateLatest: Env['RELEASES_ACTIVATE_LATEST']) => {
    const again = buildApp(
      { ...t.env, RELEASES_ACTIVATE_LATEST: activateLatest },
      { logger: false, clock: t.clock, database: t.app.ctx.database },
    );
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
      RELEASES_ACTIVATE_LATEST: 'true',
    });
    rm = await asStaff(t, await t.signedInPlayer(rmPhone));
  });
  afterAll(async () => {
    await t.close();
    rmSync(cdn, { recursive: true, force: true });
  });

  it('deploys the first builds of remotes the manifest never had', async () => {
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

    await restart(true);
    expect(await manifest()).toEqual(decided);

    // A build newer still: published by start-up, but the manager's v1 stays live.
    await built('lobby', '1.0.0-v3');
    await restart(true);
    expect(await manifest()).toEqual(decided);
    expect(await published('lobby')).toContain('1.0.0-v3');
  });

  it('still deploys new builds of a remote only start-up has changed, when asked (npm start)', async () => {
    await built('auth', '1.0.0-a2');
    await restart(false);
    expect((await manifest()).remotes.auth?.version).toBe('1.0.0-a1');
    expect(await published('auth')).toContain('1.0.0-a2');
    await restart(true);
    const m = await manifest();
    expect(m.remotes.auth?.version).toBe('1.0.0-a2');
    expect(m.remotes.lobby?.version).toBe('1.0.0-v1');
    const [latest] = json(await t.get('/releases/history?limit=1', rm.headers)).revisions;
    expect(latest).toMatchObject({ author: 'npm start', action: 'activate auth 1.0.0-a2' });
  });

  it('deploys a remote the manifest never had, even without RELEASES_ACTIVATE_LATEST', async () => {
    await built('wallet', '1.0.0-w1');
    await restart(false);
    const m = await manifest();
    expect(m.remotes.wallet?.version).toBe('1.0.0-w1');
    expect(m.remotes.lobby?.version).toBe('1.0.0-v1');
  });

  it('activates over a decision only when asked explicitly (force), as "npm start"', async () => {
    await restart('force');
    const m = await manifest();
    expect(m.remotes.lobby?.version).toBe('1.0.0-v3');
    const [latest] = json(await t.get('/releases/history?limit=1', rm.headers)).revisions;
    expect(latest).toMatchObject({
      author: 'npm start',
      action: 'activate lobby 1.0.0-v3',
      reason: expect.stringContaining('force'),
    });
  });
});
